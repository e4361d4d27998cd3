import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./test/app";
import {
  buildManifest,
  diffManifest,
  readManifest,
  REGENERATE,
  unreviewed,
  unreviewedMessage,
} from "./access-manifest";

// The committed access policy (src/server/access-manifest.json) against the live route table: a
// route whose access changes, a new route or a removed one fails here with the difference and the
// command that regenerates the file, so every change of access is a reviewed diff (issue 26).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe("access manifest", () => {
  it("matches the live route table, route by route", () => {
    const committed = readManifest();
    const differences = diffManifest(committed, buildManifest(t.app.routeTable, committed));
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
