import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins conditional classes", () => {
    const hidden = false;
    expect(cn("a", hidden && "b", undefined, null, { c: true, d: false }, ["e"])).toBe("a c e");
  });

  it("lets the last conflicting Tailwind class win", () => {
    expect(cn("px-2 py-1 text-sm", "px-4")).toBe("py-1 text-sm px-4");
    expect(cn("bg-primary", "bg-destructive")).toBe("bg-destructive");
  });

  it("knows theme colours are colours, not font sizes", () => {
    expect(cn("text-sm text-muted-foreground")).toBe("text-sm text-muted-foreground");
  });
});
