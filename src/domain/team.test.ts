import { describe, expect, it } from "vitest";
import { contrastRatio, mapsUrl, myDayWindow, noteLine, TEAM_PALETTE, teamColor, telUrl, textOn } from "./team";

describe("teamColor", () => {
  it("keeps a stored #rrggbb colour (lower-cased)", () => {
    expect(teamColor("a", "#AABBCC")).toBe("#aabbcc");
  });

  it("falls back to a palette colour derived from the id: stable, and spread over the palette", () => {
    const ids = Array.from({ length: 200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    for (const id of ids) {
      expect(TEAM_PALETTE).toContain(teamColor(id, null));
      expect(teamColor(id, null)).toBe(teamColor(id, undefined));
      expect(teamColor(id, "rosso")).toBe(teamColor(id, null));
    }
    expect(new Set(ids.map((id) => teamColor(id))).size).toBe(TEAM_PALETTE.length);
  });

  it("every palette colour carries white text and stands out from white (WCAG AA 4.5:1)", () => {
    for (const colour of TEAM_PALETTE) {
      expect(contrastRatio(colour, "#ffffff"), colour).toBeGreaterThanOrEqual(4.5);
      expect(textOn(colour)).toBe("#ffffff");
    }
  });

  it("chooses dark text on a light stored colour", () => {
    expect(textOn("#fde047")).toBe("#111827");
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});

describe("myDayWindow", () => {
  it("is today and tomorrow in Rome, not in UTC", () => {
    // 23:30 UTC on 31 Dec is already 1 January in Rome (UTC+1).
    expect(myDayWindow(new Date("2026-12-31T23:30:00Z"))).toEqual({ today: "2027-01-01", tomorrow: "2027-01-02" });
    // 22:30 UTC in summer is 00:30 the next day in Rome (UTC+2).
    expect(myDayWindow(new Date("2026-06-30T22:30:00Z"))).toEqual({ today: "2026-07-01", tomorrow: "2026-07-02" });
    expect(myDayWindow(new Date("2026-03-28T12:00:00Z"))).toEqual({ today: "2026-03-28", tomorrow: "2026-03-29" });
  });
});

describe("links and note lines", () => {
  it("builds a Google Maps search link and a tel: link", () => {
    expect(mapsUrl("Via Roma 1, Monza & Brianza")).toBe("https://www.google.com/maps/search/?api=1&query=Via%20Roma%201%2C%20Monza%20%26%20Brianza");
    expect(telUrl("+39 333 123-4567")).toBe("tel:+393331234567");
  });

  it("dates and signs a note line in Rome time, on one line", () => {
    expect(noteLine(" tegole\nrotte ", "Bruno", new Date("2026-07-01T08:05:00Z"))).toBe("01/07/2026, 10:05 — Bruno: tegole rotte");
  });
});
