import { describe, expect, it } from "vitest";
import {
  buildManifest,
  declaredRoutes,
  diffManifest,
  readManifest,
  REGENERATE,
  unreviewed,
  unreviewedMessage,
} from "./access-manifest";

// The committed access policy (src/server/access-manifest.json) against the declared endpoints
// (no app needed; access-matrix.test.ts checks that the server registers exactly those): a route
// whose access changes, a new route or a removed one fails here with the difference and the
// command that regenerates the file, so every change of access is a reviewed diff (issue 26).

describe("access manifest", () => {
  it("matches the declared endpoints, route by route", () => {
    const committed = readManifest();
    const differences = diffManifest(committed, buildManifest(declaredRoutes(), committed));
    expect(
      differences,
      `The routes' access differs from src/server/access-manifest.json:\n${differences.join("\n")}\n` +
        `If the change is intended, run \`${REGENERATE}\`, review the diff and commit it.`,
    ).toEqual([]);
  });

  it("says, for every office and staff route, whether its answers may carry money or secrets", () => {
    const missing = unreviewed(readManifest());
    expect(missing, unreviewedMessage(missing)).toEqual([]);
  });
});
