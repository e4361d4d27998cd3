import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePartitaIva } from "@domain/validators";
import { companySettings } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";
import { jpegImage, pngImage } from "../../test/images";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const valid = {
  companyName: "Tetti Sicuri S.r.l.",
  vatNumber: makePartitaIva(777),
  fiscalCode: makePartitaIva(777),
  address: "Via dei Mille 10",
  city: "Bergamo",
  province: "bg",
  zipCode: "24121",
  reaNumber: "BG 123456",
  phone: "+39 035 123456",
  email: "info@tettisicuri.it",
  pec: "tettisicuri@pec.it",
  iban: "IT60 X054 2811 1010 0000 0123 456",
  regimeFiscale: "RF01",
  defaultVatRate: "10",
  paymentTermsDays: "60",
  contractTerms: "Pagamento a 60 giorni.",
};

const put = (payload: unknown, cookie = t.admin) =>
  t.app.inject({ method: "PUT", url: "/api/settings", headers: { cookie }, payload: payload as object });

// A complete 1×1 PNG: a logo must be printable (a damaged one is refused at upload).
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082",
  "hex",
);

function multipart(fileName: string, mime: string, data: Buffer) {
  const boundary = "----colmo-test-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${fileName}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe("settings API", () => {
  it("is admin only, except the public company data", async () => {
    expect((await t.app.inject({ url: "/api/settings" })).statusCode).toBe(401);
    const portal = await t.clientUser();
    expect((await t.app.inject({ url: "/api/settings", headers: { cookie: portal.cookie } })).statusCode).toBe(403);
    expect((await put(valid, portal.cookie)).statusCode).toBe(403);
    const pub = await t.app.inject({ url: "/api/company" });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({
      companyName: "Colmo Coperture S.r.l.",
      phone: null,
      email: null,
      logoUrl: null,
      regimeFiscale: "RF01",
      defaultVatRate: "22",
    });
    expect((await t.app.inject({ url: "/api/company/logo" })).statusCode).toBe(404);
  });

  it("reads the defaults, saves normalised values and records the activity", async () => {
    const initial = await t.app.inject({ url: "/api/settings", headers: { cookie: t.admin } });
    expect(initial.json()).toMatchObject({
      regimeFiscale: "RF01",
      defaultVatRate: "22",
      paymentTermsDays: 30,
      logoUrl: null,
    });
    const res = await put(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: "Tetti Sicuri S.r.l.",
      province: "BG",
      reaNumber: "BG-123456",
      iban: "IT60X0542811101000000123456",
      defaultVatRate: "10",
      paymentTermsDays: 60,
    });
    expect(res.json()).not.toHaveProperty("logoKey");
    const pub = await t.app.inject({ url: "/api/company" });
    expect(pub.json()).toMatchObject({
      companyName: "Tetti Sicuri S.r.l.",
      phone: "+39 035 123456",
      email: "info@tettisicuri.it",
    });
    const activity = await t.app.inject({ url: "/api/activity?entityType=settings", headers: { cookie: t.admin } });
    expect(activity.json()[0].description).toBe("Impostazioni aziendali aggiornate");
    // Optional fields can be emptied again.
    const cleared = await put({ ...valid, pec: "", iban: "", reaNumber: "" });
    expect(cleared.json()).toMatchObject({ pec: null, iban: null, reaNumber: null });
  });

  it("refuses invalid values with 400 naming the field and changes nothing", async () => {
    await put(valid);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, companyName: " " }, "companyName"],
      [{ ...valid, vatNumber: "12345678901" }, "vatNumber"],
      [{ ...valid, fiscalCode: "RSSMRA80A01H501X" }, "fiscalCode"],
      [{ ...valid, province: "XX" }, "province"],
      [{ ...valid, zipCode: "2412" }, "zipCode"],
      [{ ...valid, reaNumber: "123" }, "reaNumber"],
      [{ ...valid, email: "info@" }, "email"],
      [{ ...valid, pec: "pec" }, "pec"],
      [{ ...valid, iban: "IT60X0542811101000000123457" }, "iban"],
      [{ ...valid, phone: "abc" }, "phone"],
      [{ ...valid, regimeFiscale: "RF03" }, "regimeFiscale"],
      [{ ...valid, defaultVatRate: "rc" }, "defaultVatRate"],
      [{ ...valid, paymentTermsDays: 400 }, "paymentTermsDays"],
      [{ ...valid, paymentTermsDays: "trenta" }, "paymentTermsDays"],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    const [row] = await t.db.select().from(companySettings);
    expect(row!.companyName).toBe("Tetti Sicuri S.r.l.");
    expect(row!.paymentTermsDays).toBe(60);
  });

  it("uploads a PNG logo, serves it publicly, replaces and removes it", async () => {
    const up = await t.app.inject({
      method: "POST",
      url: "/api/settings/logo",
      ...withCookie(multipart("logo.png", "image/png", PNG)),
    });
    expect(up.statusCode).toBe(200);
    const logoUrl = up.json().logoUrl as string;
    expect(logoUrl).toMatch(/^\/api\/company\/logo\?v=/);
    const img = await t.app.inject({ url: logoUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/png");
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ url: "/api/company" })).json().logoUrl).toBe(logoUrl);

    const jpeg = jpegImage(200, 100);
    const second = await t.app.inject({
      method: "POST",
      url: "/api/settings/logo",
      ...withCookie(multipart("logo.jpg", "image/jpeg", jpeg)),
    });
    expect(second.json().logoUrl).not.toBe(logoUrl);
    expect((await t.app.inject({ url: second.json().logoUrl })).headers["content-type"]).toBe("image/jpeg");

    const removed = await t.app.inject({ method: "DELETE", url: "/api/settings/logo", headers: { cookie: t.admin } });
    expect(removed.json().logoUrl).toBeNull();
    expect((await t.app.inject({ url: "/api/company/logo" })).statusCode).toBe(404);
  });

  it("refuses a logo whose header announces too many pixels, before inflating it; keeps the old logo", async () => {
    const ok = await t.app.inject({ method: "POST", url: "/api/settings/logo", ...withCookie(multipart("logo.png", "image/png", PNG)) });
    const logoUrl = ok.json().logoUrl as string;
    const bomb = pngImage(16_000, 16_000, 16 * 1024 * 1024);
    const res = await t.app.inject({ method: "POST", url: "/api/settings/logo", ...withCookie(multipart("logo.png", "image/png", bomb)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.logo).toBe('L\'immagine "logo.png" è troppo grande (16000 × 16000 pixel): il massimo è 4000 pixel per lato e 8 megapixel');
    const jpeg = await t.app.inject({ method: "POST", url: "/api/settings/logo", ...withCookie(multipart("logo.jpg", "image/jpeg", jpegImage(5000, 1000))) });
    expect(jpeg.statusCode).toBe(400);
    expect(jpeg.json().errors.logo).toContain("5000 × 1000 pixel");
    // A JPEG whose header carries no size cannot be printed: refused too.
    const headless = await t.app.inject({ method: "POST", url: "/api/settings/logo", ...withCookie(multipart("logo.jpg", "image/jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0xff, 0xd9]))) });
    expect(headless.statusCode).toBe(400);
    expect(headless.json().errors.logo).toContain("danneggiato");
    expect((await t.app.inject({ url: "/api/company" })).json().logoUrl).toBe(logoUrl);
    expect((await t.app.inject({ url: logoUrl })).rawPayload.equals(PNG)).toBe(true);
  });

  it("refuses a logo that is not an image, too large, or missing", async () => {
    const text = await t.app.inject({
      method: "POST",
      url: "/api/settings/logo",
      ...withCookie(multipart("logo.png", "image/png", Buffer.from("<svg></svg>"))),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.logo).toBe("Il logo deve essere un'immagine PNG o JPEG");
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooBig = await t.app.inject({
      method: "POST",
      url: "/api/settings/logo",
      ...withCookie(multipart("logo.png", "image/png", big)),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors.logo).toBe("Il logo non può superare 1 MB");
    const json = await t.app.inject({
      method: "POST",
      url: "/api/settings/logo",
      headers: { cookie: t.admin },
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    const portal = await t.clientUser();
    const forbidden = await t.app.inject({
      method: "POST",
      url: "/api/settings/logo",
      ...withCookie(multipart("logo.png", "image/png", PNG), portal.cookie),
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

function withCookie(req: { payload: Buffer; headers: Record<string, string> }, cookie = t.admin) {
  return { payload: req.payload, headers: { ...req.headers, cookie } };
}
