import { describe, expect, it } from "vitest";
import { nextSort } from "./sortable-head";

describe("nextSort", () => {
  it("cycles a column through its first direction, the other, and the default order", () => {
    expect(nextSort("", "name")).toBe("name");
    expect(nextSort("name", "name")).toBe("-name");
    expect(nextSort("-name", "name")).toBe("");
    expect(nextSort("", "createdAt", "desc")).toBe("-createdAt");
    expect(nextSort("-createdAt", "createdAt", "desc")).toBe("createdAt");
    expect(nextSort("createdAt", "createdAt", "desc")).toBe("");
  });
  it("starts over on another column", () => {
    expect(nextSort("-name", "city")).toBe("city");
  });
});
