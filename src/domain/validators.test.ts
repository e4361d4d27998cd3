import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  PROVINCE,
  capSchema,
  codiceFiscaleSchema,
  emailSchema,
  ibanSchema,
  isValidCap,
  isValidCodiceFiscale,
  isValidIban,
  isValidPartitaIva,
  isValidPhone,
  isValidProvincia,
  isValidSdiCode,
  makeCodiceFiscale,
  makePartitaIva,
  partitaIvaSchema,
  phoneSchema,
  provinciaSchema,
  sdiCodeSchema,
} from "./validators";

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe("partita IVA", () => {
  it.each(["12345678903", "01234567897", "00743110157"])("accepts %s", (value) => {
    expect(isValidPartitaIva(value)).toBe(true);
  });

  it("rejects wrong check digits", () => {
    for (let digit = 0; digit <= 9; digit++) {
      if (digit !== 3) expect(isValidPartitaIva(`1234567890${digit}`)).toBe(false);
    }
  });

  it.each(["", "1234567890", "123456789033", "1234567890A", " 12345678903", "00000000000"])("rejects %j", (value) => {
    expect(isValidPartitaIva(value)).toBe(false);
  });

  it("generates well-formed personal codici fiscali for demo clients", () => {
    expect(makeCodiceFiscale("Rossi", "Marco", 0)).toMatch(/^RSSMRC40A01F205[A-Z]$/);
    expect(makeCodiceFiscale("De Luca", "Ia", 7)).toMatch(/^DLCIAX47M48F704[A-Z]$/);
    for (let i = 0; i < 200; i++) expect(isValidCodiceFiscale(makeCodiceFiscale("Esposito", "Anna", i)), String(i)).toBe(true);
  });

  it("generates valid, distinct numbers deterministically", () => {
    expect(makePartitaIva(42)).toBe(makePartitaIva(42));
    const generated = new Set(Array.from({ length: 500 }, (_, i) => makePartitaIva(i)));
    expect(generated.size).toBe(500);
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (base) => {
        const piva = makePartitaIva(base);
        expect(piva).toMatch(/^\d{11}$/);
        expect(isValidPartitaIva(piva)).toBe(true);
        const office = Number(piva.slice(7, 10));
        expect(office >= 1 && office <= 100).toBe(true);
      }),
    );
  });

  it("refuses invalid bases", () => {
    expect(() => makePartitaIva(-1)).toThrow();
    expect(() => makePartitaIva(1.5)).toThrow();
  });

  it("schema normalises spaces, lower case and the IT prefix", () => {
    expect(partitaIvaSchema.parse(" 123 456 789 03 ")).toBe("12345678903");
    expect(partitaIvaSchema.parse("it12345678903")).toBe("12345678903");
    expect(messageOf(partitaIvaSchema.safeParse("12345678901"))).toBe("Partita IVA non valida");
    expect(messageOf(partitaIvaSchema.safeParse(12345678903))).toBe("Partita IVA non valida");
  });
});

describe("codice fiscale", () => {
  it.each(["RSSMRA80A01H501U", "MRTMTT91D08F205J", "RSSMRA80A41H501Y"])("accepts %s", (value) => {
    expect(isValidCodiceFiscale(value)).toBe(true);
  });

  it("accepts omocodia variants with their own check character", () => {
    expect(isValidCodiceFiscale("RSSMRA80A01H50MM")).toBe(true);
    expect(isValidCodiceFiscale("RSSMRA80A01H5LMX")).toBe(true);
    expect(isValidCodiceFiscale("RSSMRAULALMHRLMD")).toBe(true);
  });

  it("accepts a company's 11-digit code validated as a partita IVA", () => {
    expect(isValidCodiceFiscale("12345678903")).toBe(true);
    expect(isValidCodiceFiscale("12345678901")).toBe(false);
  });

  it.each([
    ["wrong check character", "RSSMRA80A01H501A"],
    ["omocodia with the original check character", "RSSMRA80A01H50MU"],
    ["invalid month letter", "RSSMRA80F01H501U"],
    ["day 32", "RSSMRA80A32H501U"],
    ["day 00", "RSSMRA80A00H501U"],
    ["non-omocodia letter in a digit slot", "RSSMRA8AA01H501U"],
    ["lower case", "rssmra80a01h501u"],
    ["too short", "RSSMRA80A01H501"],
    ["empty", ""],
  ])("rejects %s", (_label, value) => {
    expect(isValidCodiceFiscale(value)).toBe(false);
  });

  it("schema trims, uppercases and removes spaces", () => {
    expect(codiceFiscaleSchema.parse(" rssmra 80a01 h501u ")).toBe("RSSMRA80A01H501U");
    expect(messageOf(codiceFiscaleSchema.safeParse("RSSMRA80A01H501A"))).toBe("Codice fiscale non valido");
  });
});

describe("CAP", () => {
  it("requires exactly 5 digits", () => {
    expect(isValidCap("00118")).toBe(true);
    expect(isValidCap("20121")).toBe(true);
    expect(isValidCap("2012")).toBe(false);
    expect(isValidCap("201211")).toBe(false);
    expect(isValidCap("2012a")).toBe(false);
  });

  it("schema trims and speaks Italian", () => {
    expect(capSchema.parse(" 40121 ")).toBe("40121");
    expect(messageOf(capSchema.safeParse("4012"))).toBe("CAP non valido (5 cifre)");
  });
});

describe("provincia", () => {
  it("lists the 107 current sigle, unique and sorted", () => {
    expect(PROVINCE).toHaveLength(107);
    expect(new Set(PROVINCE).size).toBe(107);
    expect([...PROVINCE].sort()).toEqual([...PROVINCE]);
    for (const sigla of ["RM", "MI", "BT", "FM", "MB", "SU", "VV", "AO"]) expect(PROVINCE).toContain(sigla);
  });

  it("validates sigle, including the historic Sardinian ones", () => {
    expect(isValidProvincia("BO")).toBe(true);
    expect(isValidProvincia("OT")).toBe(true);
    expect(isValidProvincia("bo")).toBe(false);
    expect(isValidProvincia("XX")).toBe(false);
    expect(isValidProvincia("ROMA")).toBe(false);
  });

  it("schema uppercases", () => {
    expect(provinciaSchema.parse(" bo ")).toBe("BO");
    expect(messageOf(provinciaSchema.safeParse("ZZ"))).toBe("Sigla provincia non valida");
  });
});

describe("IBAN", () => {
  it.each([
    "IT60X0542811101000000123456",
    "IT60 X054 2811 1010 0000 0123 456",
    "it60x0542811101000000123456",
    "DE89370400440532013000",
    "GB82WEST12345698765432",
  ])("accepts %s", (value) => {
    expect(isValidIban(value)).toBe(true);
  });

  it.each([
    ["wrong check digits", "IT61X0542811101000000123456"],
    ["a typo in the account", "IT60X0542811101000000123457"],
    ["Italian IBAN too short", "IT60X054281110100000012345"],
    ["Italian IBAN too long", "IT60X05428111010000001234567"],
    ["Italian IBAN without the CIN letter", "IT6010542811101000000123456"],
    ["garbage", "IBAN"],
    ["empty", ""],
  ])("rejects %s", (_label, value) => {
    expect(isValidIban(value)).toBe(false);
  });

  it("schema stores it compact and upper case", () => {
    expect(ibanSchema.parse(" it60 x054 2811 1010 0000 0123 456 ")).toBe("IT60X0542811101000000123456");
    expect(messageOf(ibanSchema.safeParse("IT61X0542811101000000123456"))).toBe("IBAN non valido");
  });
});

describe("codice destinatario SDI", () => {
  it("accepts 7 upper-case alphanumerics, including 0000000", () => {
    expect(isValidSdiCode("0000000")).toBe(true);
    expect(isValidSdiCode("M5UXCR1")).toBe(true);
    expect(isValidSdiCode("m5uxcr1")).toBe(false);
    expect(isValidSdiCode("M5UXCR")).toBe(false);
    expect(isValidSdiCode("M5UXCR12")).toBe(false);
    expect(isValidSdiCode("M5UX-R1")).toBe(false);
  });

  it("schema uppercases", () => {
    expect(sdiCodeSchema.parse(" m5uxcr1 ")).toBe("M5UXCR1");
    expect(messageOf(sdiCodeSchema.safeParse("ABC"))).toBe("Codice destinatario SDI non valido (7 caratteri)");
  });
});

describe("email", () => {
  it("trims valid addresses and rejects invalid ones in Italian", () => {
    expect(emailSchema.parse(" mario.rossi@example.it ")).toBe("mario.rossi@example.it");
    for (const value of ["", "mario", "mario@", "@example.it", "mario rossi@example.it"]) {
      expect(messageOf(emailSchema.safeParse(value))).toBe("Indirizzo e-mail non valido");
    }
  });
});

describe("phone", () => {
  it.each(["051 123456", "+39 333 1234567", "(051) 12-34-56", "051/123456", "123456"])("accepts %j", (value) => {
    expect(isValidPhone(value)).toBe(true);
  });

  it.each(["12345", "1".repeat(21), "333 12a4567", "39+3331234567", "------", "+ ( ) - /"])("rejects %j", (value) => {
    expect(isValidPhone(value)).toBe(false);
  });

  it("schema trims and speaks Italian", () => {
    expect(phoneSchema.parse("  +39 051 123456 ")).toBe("+39 051 123456");
    expect(messageOf(phoneSchema.safeParse("abc"))).toBe("Numero di telefono non valido");
  });
});
