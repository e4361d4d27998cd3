import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { startScriptEnv } from "../../scripts/bench/server";

// docs/decisions/017-pglite-memory.md: the server starts with the C library's malloc
// mmap_threshold fixed at 4 MB. Without it glibc raises the threshold (and the trim threshold,
// twice it) to the largest block freed so far — the 16 MB of each scrypt password check — and
// every thread then keeps its freed memory: some 100 MB of an idle server's RSS.
const TUNABLES = "glibc.malloc.mmap_threshold=4194304";
const root = new URL("../../", import.meta.url);

/**
 * Resident anonymous MB that three password checks (scrypt N=16384, r=8: 16 MB each) leave behind.
 * Counted over the whole process, not the main heap alone: glibc serves the main thread from
 * another arena when the main one is locked by a V8 thread at that instant (seen on a loaded
 * machine: the heap kept 2 MB and the other arena the rest).
 */
function keptAfterScrypt(env: NodeJS.ProcessEnv) {
  const script = `
    const crypto = require("node:crypto"), fs = require("node:fs");
    const anon = () => Number(/RssAnon:\\s+(\\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"))[1]) / 1024;
    const before = anon();
    for (let i = 0; i < 3; i++) crypto.scryptSync("password", "salt", 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 2 ** 20 });
    console.log(anon() - before);`;
  const res = spawnSync(process.execPath, ["-e", script], { env, encoding: "utf8" });
  expect(res.status, res.stderr).toBe(0);
  return Number(res.stdout.trim());
}

/** GLIBC_TUNABLES means something to glibc only (musl, macOS ignore it). */
const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
const glibc = process.platform === "linux" && Boolean(report.header?.glibcVersionRuntime);

describe("malloc tunables of the production start", () => {
  it("npm start, the bench's server and the systemd unit of docs/deploy.md set the same GLIBC_TUNABLES", () => {
    const pkg = JSON.parse(fs.readFileSync(new URL("package.json", root), "utf8")) as { scripts: { start: string } };
    expect(pkg.scripts.start).toMatch(/ node dist\/server\/main\.js$/);
    expect(startScriptEnv()).toMatchObject({ NODE_ENV: "production", GLIBC_TUNABLES: TUNABLES });
    const deploy = fs.readFileSync(new URL("docs/deploy.md", root), "utf8");
    expect(deploy).toContain(`Environment=GLIBC_TUNABLES=${TUNABLES}`);
  });

  it.runIf(glibc)("with them a password check's 16 MB goes back to the system; without, the heap keeps it", () => {
    const { GLIBC_TUNABLES: _, ...without } = process.env;
    expect(keptAfterScrypt({ ...without, GLIBC_TUNABLES: startScriptEnv().GLIBC_TUNABLES })).toBeLessThan(8);
    // The premise of the setting: if the C library stops keeping it, the tunable can go.
    expect(keptAfterScrypt(without)).toBeGreaterThanOrEqual(12);
  });
});
