import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDiskStorage, isSafeKey, newStorageKey } from "./storage";

describe("disk storage", () => {
  it("accepts only safe keys", () => {
    expect(isSafeKey("survey/0b8e/abc.jpg")).toBe(true);
    for (const bad of ["../etc/passwd", "/abs/file", "a/../../b", "a\\b", "A/B.jpg", "", "a//b", "a/..hidden", "./a"]) {
      expect(isSafeKey(bad), bad).toBe(false);
    }
    expect(newStorageKey("survey/1234", "pdf")).toMatch(/^survey\/1234\/[0-9a-f-]{36}\.pdf$/);
  });

  it("puts, gets and deletes under its root, and refuses traversal", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "colmo-storage-"));
    const storage = createDiskStorage(root);
    await storage.put("survey/x/one.png", Buffer.from("ciao"));
    expect((await storage.get("survey/x/one.png"))?.toString()).toBe("ciao");
    await storage.delete("survey/x/one.png");
    expect(await storage.get("survey/x/one.png")).toBeNull();
    await storage.delete("survey/x/one.png");
    await expect(storage.put("../escape.txt", Buffer.from("x"))).rejects.toThrow(/non valida/);
    await expect(storage.get("survey/../../etc/passwd")).rejects.toThrow(/non valida/);
    await fs.rm(root, { recursive: true, force: true });
  });
});
