import fs from "node:fs";
import { it, expect } from "vitest";
import { validateFatturaPa } from "./xsd";
it("validates", async () => {
  const xml = fs.readFileSync("/work/shared/fatturapa/minimal-FPR12.xml", "utf8");
  expect(await validateFatturaPa(xml)).toEqual([]);
  const bad = xml.replace("<Divisa>EUR</Divisa>", "<Divisa>EURO</Divisa>");
  expect((await validateFatturaPa(bad)).length).toBeGreaterThan(0);
});
