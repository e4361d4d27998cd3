import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's root folder (the one holding package.json). Found by walking up from this module
 * because the same code runs from src/server (tsx, vitest, scripts) and bundled into
 * dist/server/main.js (`npm start`): a fixed "../../" would point elsewhere in one of the two.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json not found above ${from}`);
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Files read at run time, resolved from the root whether the server runs from src or dist. */
export const runtimePaths = {
  migrations: path.join(projectRoot, "drizzle"),
  web: path.join(projectRoot, "dist", "web"),
  fatturapaSchema: path.join(projectRoot, "src", "server", "documents", "fatturapa", "schema"),
};
