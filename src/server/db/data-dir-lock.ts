import fs from "node:fs";
import path from "node:path";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite's folder has no lock of its own: a second process opening it corrupts it.
 * A pid file refuses a live second opener and takes over from a dead one.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(`La cartella dati ${dataDir} è già in uso dal processo ${pid}.`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Impossibile bloccare la cartella dati ${dataDir}.`);
}
