import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@domain/dates";
import { attachments, constructionSites, surveys, writeReceipts } from "../db/schema";
import { insertClient, insertEstimate } from "../test/fixtures/contracts";
import { buildTestApp, type TestApp } from "../test/app";
import { pngImage } from "../test/images";

// The offline queue's guarantees on the server (docs/domain/sites.md): a resend is applied once, a stale
// version answers 409 with the field named, and a key is only ever one user's.
let t: TestApp;
let tech: { cookie: string; userId: string };
let office: { cookie: string; userId: string };
beforeAll(async () => {
  t = await buildTestApp();
  tech = await t.staffUser("tecnico");
  office = await t.staffUser("ufficio");
});
afterAll(async () => t.close());

const key = () => crypto.randomUUID();
const send = (method: "POST" | "PUT", url: string, payload: unknown, cookie: string, idem?: string) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { cookie, ...(idem ? { "idempotency-key": idem } : {}) },
  });

async function insertSurvey() {
  const client = await insertClient(t.db);
  const [row] = await t.db
    .insert(surveys)
    .values({ clientId: client.id, date: todayIso(), address: "Via dei Tetti 5, Monza", assignedUserId: tech.userId })
    .returning();
  return row!;
}
async function insertSite() {
  const client = await insertClient(t.db);
  const estimate = await insertEstimate(t.db, { clientId: client.id });
  const [row] = await t.db
    .insert(constructionSites)
    .values({
      estimateId: estimate.id,
      name: "Tetto Glicine",
      address: "Via Glicine 7",
      status: "in_corso",
      assignedUserId: tech.userId,
    })
    .returning();
  return row!;
}

describe("Idempotency-Key on the technician's writes", () => {
  it("a note resent after a lost answer is appended once and gets the same answer back", async () => {
    const s = await insertSurvey();
    const k = key();
    const first = await send("POST", `/api/surveys/${s.id}/notes`, { text: "Tegole rotte" }, tech.cookie, k);
    const again = await send("POST", `/api/surveys/${s.id}/notes`, { text: "Tegole rotte" }, tech.cookie, k);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replay"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const [row] = await t.db
      .select({ notes: surveys.notes, version: surveys.version })
      .from(surveys)
      .where(eq(surveys.id, s.id));
    expect(row!.notes!.match(/Tegole rotte/g)).toHaveLength(1);
    expect(row!.version).toBe(2);
    // Without a key, the same request is a second note (the header is what makes it a resend).
    await send("POST", `/api/surveys/${s.id}/notes`, { text: "Tegole rotte" }, tech.cookie);
    const [after] = await t.db.select({ notes: surveys.notes }).from(surveys).where(eq(surveys.id, s.id));
    expect(after!.notes!.match(/Tegole rotte/g)).toHaveLength(2);
  });

  it("a progress resent after it was applied answers 200 with the first answer, not a 409 on its own version", async () => {
    const site = await insertSite();
    const k = key();
    const first = await send(
      "PUT",
      `/api/construction-sites/${site.id}/progress`,
      { progress: 40, version: 1 },
      tech.cookie,
      k,
    );
    expect(first.statusCode).toBe(200);
    const again = await send(
      "PUT",
      `/api/construction-sites/${site.id}/progress`,
      { progress: 40, version: 1 },
      tech.cookie,
      k,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ progress: 40, version: 2 });
    // A new write on the old version is a real conflict: 409 naming the version.
    const stale = await send(
      "PUT",
      `/api/construction-sites/${site.id}/progress`,
      { progress: 60, version: 1 },
      tech.cookie,
      key(),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toHaveProperty("version");
    const [row] = await t.db
      .select({ progress: constructionSites.progress })
      .from(constructionSites)
      .where(eq(constructionSites.id, site.id));
    expect(row!.progress).toBe(40);
  });

  it("a photo resent with its key is stored once", async () => {
    const s = await insertSurvey();
    const k = key();
    const boundary = "----colmoidem";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="tetto.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      pngImage(20, 10),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = () =>
      t.app.inject({
        method: "POST",
        url: `/api/attachments?entityType=survey&entityId=${s.id}`,
        headers: {
          cookie: tech.cookie,
          "idempotency-key": k,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
    expect((await up()).statusCode).toBe(201);
    const again = await up();
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replay"]).toBe("true");
    const [{ n }] = (await t.db.select({ n: count() }).from(attachments).where(eq(attachments.entityId, s.id))) as [
      { n: number },
    ];
    expect(Number(n)).toBe(1);
  });

  it("a key is one user's: another user's request with it runs as his own, and sees nothing of the first answer", async () => {
    const s = await insertSurvey();
    const k = key();
    await send("POST", `/api/surveys/${s.id}/notes`, { text: "del tecnico" }, tech.cookie, k);
    const theirs = await send("POST", `/api/surveys/${s.id}/notes`, { text: "dell'ufficio" }, office.cookie, k);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers["idempotent-replay"]).toBeUndefined();
    expect(theirs.json().notes).toMatch(/dell'ufficio$/);
  });

  it("refusals are not remembered: a corrected resend with the same key is applied", async () => {
    const s = await insertSurvey();
    const k = key();
    const bad = await send("POST", `/api/surveys/${s.id}/notes`, { text: "" }, tech.cookie, k);
    expect(bad.statusCode).toBe(400);
    const good = await send("POST", `/api/surveys/${s.id}/notes`, { text: "ora sì" }, tech.cookie, k);
    expect(good.statusCode).toBe(200);
    expect(good.headers["idempotent-replay"]).toBeUndefined();
    const [{ n }] = (await t.db.select({ n: count() }).from(writeReceipts).where(eq(writeReceipts.key, k))) as [
      { n: number },
    ];
    expect(Number(n)).toBe(1);
  });

  it("a malformed key is ignored, never a 500", async () => {
    const s = await insertSurvey();
    const res = await send("POST", `/api/surveys/${s.id}/notes`, { text: "x" }, tech.cookie, "non-una-chiave");
    expect(res.statusCode).toBe(200);
  });

  it("the survey's results PUT from the technician answers 409 on a version the office moved", async () => {
    const s = await insertSurvey();
    // The whole survey as the form sends it (nulls as empty fields), with one field changed.
    const form = Object.fromEntries(
      Object.entries(s)
        .filter(([k]) => !["id", "createdAt", "updatedAt", "version"].includes(k))
        .map(([k, v]) => [k, v ?? ""]),
    );
    const body = (version: number, issuesFound: string) => ({ ...form, issuesFound, version });
    expect((await send("PUT", `/api/surveys/${s.id}`, body(1, "dell'ufficio"), office.cookie)).statusCode).toBe(200);
    const mine = await send("PUT", `/api/surveys/${s.id}`, body(1, "del tecnico"), tech.cookie, key());
    expect(mine.statusCode).toBe(409);
    expect(mine.json().errors).toHaveProperty("version");
    const [row] = await t.db.select({ issuesFound: surveys.issuesFound }).from(surveys).where(eq(surveys.id, s.id));
    expect(row!.issuesFound).toBe("dell'ufficio");
  });
});
