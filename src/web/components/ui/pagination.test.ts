import { describe, expect, it } from "vitest";
import { pageRange } from "./pagination";

describe("pageRange", () => {
  it("shows the first page", () => {
    expect(pageRange(45, 20, 0)).toMatchObject({
      from: 1,
      to: 20,
      hasPrevious: false,
      hasNext: true,
      nextOffset: 20,
    });
  });

  it("shows a middle page", () => {
    expect(pageRange(45, 20, 20)).toMatchObject({
      from: 21,
      to: 40,
      hasPrevious: true,
      hasNext: true,
      previousOffset: 0,
    });
  });

  it("shows a partial last page", () => {
    expect(pageRange(45, 20, 40)).toMatchObject({
      from: 41,
      to: 45,
      hasPrevious: true,
      hasNext: false,
    });
  });

  it("handles an empty list", () => {
    expect(pageRange(0, 20, 0)).toMatchObject({
      from: 0,
      to: 0,
      hasPrevious: false,
      hasNext: false,
    });
  });

  it("clamps an offset past the end", () => {
    expect(pageRange(5, 20, 100)).toMatchObject({
      from: 5,
      to: 5,
      hasPrevious: true,
      previousOffset: 0,
    });
  });

  it("ends exactly on a page boundary", () => {
    expect(pageRange(40, 20, 20)).toMatchObject({
      from: 21,
      to: 40,
      hasNext: false,
    });
  });

  it("keeps a next page when the total is capped (a lower bound)", () => {
    expect(pageRange(10000, 25, 9975, true)).toMatchObject({ from: 9976, to: 10000, hasNext: true, nextOffset: 10000 });
    expect(pageRange(10000, 25, 10000, true)).toMatchObject({
      from: 10001,
      to: 10025,
      hasPrevious: true,
      hasNext: true,
    });
    expect(pageRange(10000, 25, 10000)).toMatchObject({ from: 10000, to: 10000, hasNext: false });
  });
});
