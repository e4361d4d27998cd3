import { describe, expect, it } from "vitest";
import { calendarDays, FOLLOW_UP_BEFORE_SURVEY, shiftAnchor, startOfWeek, surveyInputSchema, surveyMoveSchema, weekdayIndex } from "./surveys";

const base = { clientId: "0b8e8d9e-1c1a-4b43-9d0a-1f1f1f1f1f1f", date: "2026-05-12", address: "Via Roma 1" };

describe("survey input", () => {
  it("fills the defaults and turns empty optionals into null", () => {
    const v = surveyInputSchema.parse({ ...base, contactId: "", time: "", surveyType: "", followUpDate: "" });
    expect(v).toMatchObject({ status: "programmato", contactId: null, time: null, surveyType: null, ownerPresent: false, followUpRequired: false, followUpDate: null });
  });

  it("keeps the follow-up date only when a follow-up is required, never before the survey", () => {
    expect(surveyInputSchema.parse({ ...base, followUpDate: "2026-06-01" }).followUpDate).toBeNull();
    expect(surveyInputSchema.parse({ ...base, followUpRequired: true, followUpDate: "2026-06-01" }).followUpDate).toBe("2026-06-01");
    const early = surveyInputSchema.safeParse({ ...base, followUpRequired: true, followUpDate: "2026-05-11" });
    expect(early.error?.issues[0]).toMatchObject({ path: ["followUpDate"], message: FOLLOW_UP_BEFORE_SURVEY });
  });

  it("names the field in its messages", () => {
    const r = surveyInputSchema.safeParse({ ...base, clientId: "", date: "", time: "9" });
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages.clientId).toBe("Cliente: campo obbligatorio");
    expect(messages.date).toBe("Data: campo obbligatorio");
    expect(messages.time).toMatch(/Ora non valida/);
    expect(surveyMoveSchema.parse({ date: "2026-05-13", time: "08:15:00" })).toEqual({ date: "2026-05-13", time: "08:15" });
  });
});

describe("calendar ranges", () => {
  it("weeks start on Monday", () => {
    expect(weekdayIndex("2026-05-11")).toBe(0);
    expect(weekdayIndex("2026-05-17")).toBe(6);
    expect(startOfWeek("2026-05-14")).toBe("2026-05-11");
    expect(startOfWeek("2026-05-11")).toBe("2026-05-11");
  });

  it("a week view is Monday to Sunday; a month view covers whole weeks", () => {
    expect(calendarDays("week", "2026-05-14")).toEqual(["2026-05-11", "2026-05-12", "2026-05-13", "2026-05-14", "2026-05-15", "2026-05-16", "2026-05-17"]);
    const may = calendarDays("month", "2026-05-14");
    expect(may[0]).toBe("2026-04-27");
    expect(may.at(-1)).toBe("2026-05-31");
    expect(may.length % 7).toBe(0);
    const feb = calendarDays("month", "2027-02-10"); // 1 Feb 2027 is a Monday
    expect(feb[0]).toBe("2027-02-01");
    expect(feb.at(-1)).toBe("2027-02-28");
  });

  it("steps by week or by month across years", () => {
    expect(shiftAnchor("week", "2026-12-30", 1)).toBe("2027-01-06");
    expect(shiftAnchor("month", "2026-12-15", 1)).toBe("2027-01-01");
    expect(shiftAnchor("month", "2026-01-31", -1)).toBe("2025-12-01");
  });
});
