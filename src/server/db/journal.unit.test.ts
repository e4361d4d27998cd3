import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Drizzle's migrator applies only what drizzle/meta/_journal.json lists: a migration file missing
// from it is silently never applied (a merge once dropped 0016 that way).
const dir = path.resolve("drizzle");
const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe("migration journal", () => {
  it("lists every SQL file of drizzle/, and nothing else", () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".sql"))
      .map((f) => f.slice(0, -4))
      .sort();
    expect(journal.entries.map((e) => e.tag).sort()).toEqual(files);
  });

  it("orders the entries by number and by time, so each is applied after the one before", () => {
    const idx = journal.entries.map((e) => e.idx);
    const when = journal.entries.map((e) => e.when);
    expect(idx).toEqual([...idx].sort((a, b) => a - b));
    expect(when).toEqual([...when].sort((a, b) => a - b));
    for (const e of journal.entries) expect(e.tag.startsWith(String(e.idx).padStart(4, "0"))).toBe(true);
  });
});
