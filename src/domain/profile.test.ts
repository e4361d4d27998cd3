import { describe, expect, it } from "vitest";
import { describeUserAgent, loginTotpSchema, recoveryCodeSchema, totpCodeSchema } from "./profile";

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome su Windows",
      "computer",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge su Windows",
      "computer",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari su macOS",
      "computer",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari su iPhone",
      "telefono",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
      "Chrome su iPad",
      "tablet",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome su Android",
      "telefono",
    ],
    [
      "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36",
      "Samsung Internet su Android",
      "tablet",
    ],
    ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox su Linux", "computer"],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Chrome su Linux",
      "computer",
    ],
    ["curl/8.5.0", "curl", "sconosciuto"],
    ["qualcosa di strano", "Browser sconosciuto", "sconosciuto"],
  ])("%s", (ua, device, kind) => {
    expect(describeUserAgent(ua)).toEqual({ device, kind });
  });

  it("says so when there is no User-Agent", () => {
    expect(describeUserAgent(null)).toEqual({ device: "Dispositivo sconosciuto", kind: "sconosciuto" });
    expect(describeUserAgent("  ")).toEqual({ device: "Dispositivo sconosciuto", kind: "sconosciuto" });
  });
});

describe("codes as typed", () => {
  it("drops spaces and dashes from a code and refuses anything but six digits", () => {
    expect(totpCodeSchema.parse(" 123 456 ")).toBe("123456");
    expect(totpCodeSchema.safeParse("12345").error?.issues[0]?.message).toBe(
      "Codice: inserisci le 6 cifre mostrate dall'app",
    );
    expect(totpCodeSchema.safeParse("").error?.issues[0]?.message).toBe("Codice: campo obbligatorio");
  });

  it("normalises recovery codes (case, spaces, dashes)", () => {
    expect(recoveryCodeSchema.parse("ABCDE-fgh23")).toBe("abcdefgh23");
    expect(recoveryCodeSchema.safeParse("abc").success).toBe(false);
  });

  it("takes a code or a recovery code with the challenge", () => {
    const challenge = "c".repeat(43);
    expect(loginTotpSchema.parse({ challenge, code: "123 456" })).toEqual({ challenge, code: "123456" });
    expect(loginTotpSchema.parse({ challenge, recoveryCode: "ABCDE-FGHJK" })).toEqual({
      challenge,
      recoveryCode: "abcdefghjk",
    });
    expect(loginTotpSchema.safeParse({ challenge }).error?.issues[0]).toMatchObject({
      path: ["code"],
      message: "Codice: campo obbligatorio",
    });
  });
});
