import { describe, expect, it } from "vitest";
import { pageMove } from "./list-pagination";

describe("pageMove (keyset lists)", () => {
  const cursors = { next: "N", previous: "P" };
  it("goes forwards from the page's last row", () => {
    expect(pageMove(50, 25, cursors)).toEqual({ offset: 50, after: "N" });
  });
  it("goes backwards from the page's first row", () => {
    expect(pageMove(25, 50, cursors)).toEqual({ offset: 25, before: "P" });
  });
  it("the first page is the plain first page, no cursor", () => {
    expect(pageMove(0, 25, cursors)).toEqual({ offset: 0 });
  });
  it("a list without cursors pages by offset", () => {
    expect(pageMove(50, 25, undefined)).toEqual({ offset: 50 });
    expect(pageMove(25, 50, {})).toEqual({ offset: 25 });
  });
});
