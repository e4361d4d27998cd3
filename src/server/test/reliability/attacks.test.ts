import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../auth/passwords";
import { SESSION_COOKIE } from "../../auth/sessions";
import { attachments, sessions, users } from "../../db/schema";
import { pdfText } from "../extract-text";
import { hashToken } from "../../auth/tokens";
import { ADMIN, buildTestApp, type TestApp } from "../app";
import { report } from "./report";
import { DAMAGED_PNG, multipart, PNG, rowsOf, seedShared, seedWorld, type World } from "./world";

// What an attacker tries from outside: forged cross-origin writes, stolen or planted session
// ids, password guessing, framing and sniffing, hostile uploads, script in stored text.

let t: TestApp;
let a: World;
const tally = { attempts: 0 };
beforeAll(async () => {
  t = await buildTestApp();
  a = await seedWorld(t, "Alfa");
  await seedShared(t.db);
});
afterAll(async () => {
  report(
    "attacchi: CSRF, sessioni, tentativi di accesso, header, upload, XSS nei PDF",
    tally.attempts,
    "tutti respinti o resi come testo",
  );
  await t.close();
});

const XSS = "<img src=x onerror=alert(1)>";
const inject = (opts: InjectOptions) => {
  tally.attempts++;
  return t.app.inject(opts);
};
const cookieValue = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;

describe("cross-origin state-changing requests (CSRF)", () => {
  const body = { name: "Intruso", type: "privato", address: "Via Falsa 1" };
  it.each([
    ["Origin", "https://evil.example"],
    ["Origin", "null"],
    ["Referer", "https://evil.example/form.html"],
    ["Origin", "http://localhost:80.evil.example"],
  ])("refuses a write with %s: %s", async (header, value) => {
    for (const [method, url] of [
      ["POST", "/api/clients"],
      ["PUT", `/api/clients/${a.clientId}`],
      ["DELETE", `/api/clients/${a.clientId}`],
      ["POST", "/api/auth/logout"],
    ] as const) {
      const res = await inject({
        method,
        url,
        headers: { cookie: t.admin, host: "localhost:80", [header.toLowerCase()]: value },
        payload: method === "DELETE" ? undefined : body,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe("Richiesta da un'origine non consentita");
    }
    // The session survived the forged logout.
    expect((await inject({ method: "GET", url: "/api/auth/me", headers: { cookie: t.admin } })).statusCode).toBe(200);
  });

  it("accepts the same write from its own origin", async () => {
    const res = await inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie: t.admin, host: "localhost:5000", origin: "http://localhost:5000" },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("session cookie is HttpOnly and SameSite=Lax", async () => {
    const res = await inject({ method: "POST", url: "/api/auth/login", payload: ADMIN });
    const c = res.cookies.find((x) => x.name === SESSION_COOKIE)!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  });
});

describe("sessions", () => {
  it("a planted session id never becomes a logged-in session; the id changes at login", async () => {
    const planted = "planted-session-id-0123456789abcdef";
    const res = await inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: `${SESSION_COOKIE}=${planted}` },
      payload: ADMIN,
    });
    expect(res.statusCode).toBe(200);
    const issued = cookieValue(res)!;
    expect(issued).not.toBe(planted);
    expect(
      (await inject({ method: "GET", url: "/api/auth/me", headers: { cookie: `${SESSION_COOKIE}=${planted}` } }))
        .statusCode,
    ).toBe(401);
    // Logging in again while logged in: a new id, the old one is dead.
    const again = await inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: `${SESSION_COOKIE}=${issued}` },
      payload: ADMIN,
    });
    const second = cookieValue(again)!;
    expect(second).not.toBe(issued);
    expect(
      (await inject({ method: "GET", url: "/api/auth/me", headers: { cookie: `${SESSION_COOKIE}=${issued}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await inject({ method: "GET", url: "/api/auth/me", headers: { cookie: `${SESSION_COOKIE}=${second}` } }))
        .statusCode,
    ).toBe(200);
  });

  it("logout deletes the session on the server: the copied cookie is useless afterwards", async () => {
    const token = (await t.login(ADMIN.username, ADMIN.password)).split("=")[1]!;
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toHaveLength(1);
    const out = await inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toHaveLength(0);
    expect(
      (await inject({ method: "GET", url: "/api/clients", headers: { cookie: `${SESSION_COOKIE}=${token}` } }))
        .statusCode,
    ).toBe(401);
  });

  it("stores only a hash of the session id", async () => {
    const token = (await t.login(ADMIN.username, ADMIN.password)).split("=")[1]!;
    const [raw] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from sessions where id = ${token}`);
    expect(Number(raw!.n)).toBe(0);
  });
});

describe("password guessing", () => {
  it("locks a user name from one address after 5 failures, even with the right password; the user gets in from elsewhere", async () => {
    const user = "bersaglio";
    await t.db
      .insert(users)
      .values({ username: user, passwordHash: await hashPassword("password-giusta-1"), role: "admin" });
    for (let i = 0; i < 5; i++) {
      const res = await inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.0.0.1",
        payload: { username: user, password: `sbagliata-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.0.0.1",
      payload: { username: user, password: "password-giusta-1" },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe("Troppi tentativi di accesso. Riprova tra qualche minuto.");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // The attacker cannot lock the real user out everywhere (docs/decisions/005-login-throttling.md).
    const elsewhere = await inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.0.0.99",
      payload: { username: user, password: "password-giusta-1" },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("slows an IP after 20 failures over many user names: one check per 10 s (decision 012)", async () => {
    for (let i = 0; i < 21; i++) {
      await inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.9.9.9",
        payload: { username: `utente${i}`, password: "x" },
      });
    }
    // The 21st took the address's slot: the next attempt waits for the next one.
    const res = await inject({ method: "POST", url: "/api/auth/login", remoteAddress: "10.9.9.9", payload: ADMIN });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(10);
    // Another address is not punished for it.
    expect(
      (await inject({ method: "POST", url: "/api/auth/login", remoteAddress: "10.9.9.10", payload: ADMIN })).statusCode,
    ).toBe(200);
  });

  it("answers the same for an unknown user and a wrong password", async () => {
    const unknown = await inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.7.7.1",
      payload: { username: "nessuno", password: "x" },
    });
    const wrong = await inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.7.7.2",
      payload: { username: ADMIN.username, password: "x" },
    });
    expect([unknown.statusCode, unknown.body]).toEqual([wrong.statusCode, wrong.body]);
  });
});

describe("security headers", () => {
  it.each(["/api/health", "/api/auth/me", "/", "/admin/clients"])(
    "%s carries CSP with frame-ancestors, nosniff, referrer policy",
    async (url) => {
      const res = await inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("same-origin");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    },
  );
});

describe("uploads", () => {
  const upload = (
    parts: Parameters<typeof multipart>[0],
    url = `/api/attachments?entityType=survey&entityId=${a.survey.id}`,
  ) => {
    const body = multipart(parts);
    return inject({ method: "POST", url, headers: { cookie: t.admin, ...body.headers }, payload: body.payload });
  };
  const count = async () => (await t.db.select().from(attachments)).length;

  it("refuses a file that is not an image or PDF, whatever its name and declared type", async () => {
    const before = await count();
    for (const data of [
      Buffer.from("MZ\x90\x00 executable"),
      Buffer.from("<html><script>alert(1)</script></html>"),
      Buffer.from("<svg onload=alert(1)>"),
    ]) {
      const res = await upload([{ fileName: "foto.jpg", type: "image/jpeg", data }]);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toMatch(/non è di un tipo consentito/);
    }
    expect(await count()).toBe(before);
  });

  it("refuses a file over 15 MB with an Italian message", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(15 * 1024 * 1024 + 10)]);
    const res = await upload([{ fileName: "grande.png", type: "image/png", data: big }]);
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json().message).toMatch(/supera la dimensione massima|troppo grande/i);
  });

  it("a path in the file name never leaves the uploads folder", async () => {
    const names = [
      "../../../../etc/passwd.png",
      "..\\..\\windows\\win.ini.png",
      "/etc/shadow.png",
      "a\u0000b.png",
      "%2e%2e%2fx.png",
    ];
    for (const fileName of names) {
      const res = await upload([{ fileName, type: "image/png", data: PNG }]);
      expect(res.statusCode, res.body).toBe(201);
      const [row] = res.json() as { id: string; fileName: string }[];
      expect(row!.fileName.includes("\u0000") || /[\\/]/.test(row!.fileName)).toBe(false);
      const [stored] = await t.db.select().from(attachments).where(eq(attachments.id, row!.id));
      expect(stored!.storageKey).toMatch(/^survey\/[0-9a-f-]+\/[0-9a-f-]+\.png$/);
      const file = path.resolve(".tmp/test-data/uploads", stored!.storageKey);
      expect(file.startsWith(path.resolve(".tmp/test-data/uploads") + path.sep)).toBe(true);
      expect(fs.existsSync(file)).toBe(true);
      // The download's header names the file safely.
      const dl = await inject({
        method: "GET",
        url: `/api/attachments/${row!.id}/file?download=1`,
        headers: { cookie: t.admin },
      });
      expect(dl.statusCode).toBe(200);
      expect(String(dl.headers["content-disposition"])).not.toMatch(/\.\.[\\/]/);
      expect(dl.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("an attachment query naming a path is refused", async () => {
    const res = await inject({
      method: "GET",
      url: "/api/attachments?entityType=survey&entityId=../../etc",
      headers: { cookie: t.admin },
    });
    expect(res.statusCode).toBe(400);
  });

  it("the logo accepts only a PNG or JPEG up to 1 MB", async () => {
    const logo = (data: Buffer, fileName = "logo.png") => {
      const body = multipart([{ name: "logo", fileName, type: "image/png", data }]);
      return inject({
        method: "POST",
        url: "/api/settings/logo",
        headers: { cookie: t.admin, ...body.headers },
        payload: body.payload,
      });
    };
    const svg = await logo(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), "logo.svg");
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toBe("Il logo deve essere un'immagine PNG o JPEG");
    const big = await logo(Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]));
    expect([400, 413]).toContain(big.statusCode);
    expect(big.json().message).toMatch(/non può superare 1 MB|troppo grande/);
    // Damaged inside: refused at upload instead of breaking every PDF afterwards.
    const damaged = await logo(DAMAGED_PNG);
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toMatch(/danneggiato/);
    const ok = await logo(PNG, "../../../logo.png");
    expect(ok.statusCode, ok.body).toBe(200);
    const served = await inject({ method: "GET", url: "/api/company/logo" });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toMatch(/^image\/png/);
  });
});

describe("stored script in text fields", () => {
  it("is stored as text, returned as JSON text, and printed literally in the PDF", async () => {
    const client = await inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie: t.admin },
      payload: {
        name: `Rossi ${XSS}`,
        type: "privato",
        address: `Via ${XSS} 1`,
        email: "rossi@example.it",
        notes: "<script>alert(2)</script>",
      },
    });
    expect(client.statusCode, client.body).toBe(201);
    expect(client.headers["content-type"]).toMatch(/^application\/json/);
    expect(client.json().name).toBe(`Rossi ${XSS}`);
    const estimate = await inject({
      method: "POST",
      url: "/api/estimates",
      headers: { cookie: t.admin },
      payload: {
        clientId: client.json().id,
        title: `Tetto ${XSS}`,
        description: `Descrizione ${XSS}`,
        items: [{ description: `Riga ${XSS}`, quantity: "1", unitPrice: "100", unit: "pz" }],
      },
    });
    expect(estimate.statusCode, estimate.body).toBe(201);
    const pdf = await inject({
      method: "GET",
      url: `/api/estimates/${estimate.json().id}/pdf`,
      headers: { cookie: t.admin },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain(`Tetto ${XSS}`);
    expect(text).toContain(`Rossi ${XSS}`);
    expect(text).toContain(`Riga ${XSS}`);
  });
});
