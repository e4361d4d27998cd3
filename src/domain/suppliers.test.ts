import { describe, expect, it } from "vitest";
import { supplierAddressLine, supplierInputSchema, websiteHref } from "./suppliers";
import { makePartitaIva } from "./validators";

const valid = { name: "Laterizi Padani S.r.l.", city: "Cremona" };

describe("supplier input", () => {
  it("defaults the status to attivo and stores empty optionals as null", () => {
    const out = supplierInputSchema.parse({ ...valid, vatNumber: "", website: "", province: "cr" });
    expect(out).toMatchObject({ status: "attivo", vatNumber: null, website: null, province: "CR", email: null });
  });

  it("accepts a partita IVA with the IT prefix and spaces, and refuses a wrong check digit", () => {
    const piva = makePartitaIva(77);
    expect(supplierInputSchema.parse({ ...valid, vatNumber: `IT ${piva}` }).vatNumber).toBe(piva);
    const wrong = piva.slice(0, 10) + String((Number(piva[10]) + 1) % 10);
    expect(supplierInputSchema.safeParse({ ...valid, vatNumber: wrong }).success).toBe(false);
  });

  it("requires name and city and checks CAP, provincia, e-mail and website", () => {
    for (const [input, field] of [
      [{ name: "X" }, "city"],
      [{ city: "Roma" }, "name"],
      [{ ...valid, zipCode: "2610" }, "zipCode"],
      [{ ...valid, province: "ZZ" }, "province"],
      [{ ...valid, email: "nope" }, "email"],
      [{ ...valid, website: "not a site" }, "website"],
      [{ ...valid, status: "chiuso" }, "status"],
    ] as const) {
      const result = supplierInputSchema.safeParse(input);
      expect(result.success, field).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual([field]);
    }
    expect(supplierInputSchema.parse({ ...valid, website: "www.laterizi.it/catalogo" }).website).toBe("www.laterizi.it/catalogo");
  });
});

describe("supplier display", () => {
  it("adds https:// only when missing", () => {
    expect(websiteHref("www.example.it")).toBe("https://www.example.it");
    expect(websiteHref("http://example.it")).toBe("http://example.it");
    expect(websiteHref("HTTPS://example.it")).toBe("HTTPS://example.it");
  });

  it("composes the address line", () => {
    expect(supplierAddressLine({ address: "Via Po 3", city: "Cremona", province: "CR", zipCode: "26100" })).toBe("Via Po 3, 26100 Cremona (CR)");
    expect(supplierAddressLine({ address: null, city: "Cremona", province: null, zipCode: null })).toBe("Cremona");
  });
});
