import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/app";
import { multipart, PNG, seedWorld, type World } from "../test/reliability/world";

// Issue 26, the informational findings: CSRF compares the whole origin, a technician's team list
// carries no user names or roles, router errors answer in Italian, a truncated image is not a
// photo, and bidi control characters leave file names.

let t: TestApp;
let w: World;
let tecnico: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await seedWorld(t, "Info");
  tecnico = (await t.staffUser("tecnico")).cookie;
});
afterAll(async () => t.close());

const write = (origin: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/clients",
    headers: { cookie: t.admin, host: "gestionale.example:5000", origin },
    payload: { name: "Origine", type: "privato", address: "Via Porta 1" },
  });

function upload(fileName: string, data: Buffer) {
  const body = multipart([{ fileName, type: "image/png", data }]);
  return t.app.inject({
    method: "POST",
    url: `/api/attachments?entityType=survey&entityId=${w.survey.id}`,
    headers: { cookie: t.admin, ...body.headers },
    payload: body.payload,
  });
}

describe("informational findings", () => {
  it("CSRF: the scheme and the port count, not only the host", async () => {
    expect((await write("http://gestionale.example:5000")).statusCode).toBe(201);
    expect((await write("http://gestionale.example:6000")).statusCode).toBe(403);
    expect((await write("https://gestionale.example:5000")).statusCode).toBe(403);
    expect((await write("http://gestionale.example")).statusCode).toBe(403);
  });

  it("a technician's team list has names and colours, no user names or roles; the office's has them", async () => {
    const mine = await t.app.inject({ url: "/api/team", headers: { cookie: tecnico } });
    expect(mine.statusCode).toBe(200);
    for (const member of mine.json()) expect(Object.keys(member).sort()).toEqual(["color", "id", "name"]);
    expect(mine.body).not.toMatch(/"(role|username)"/);
    const office = await t.app.inject({ url: "/api/team", headers: { cookie: t.admin } });
    expect(office.json()[0]).toHaveProperty("username");
    expect(office.json()[0]).toHaveProperty("role");
  });

  it("a malformed URL answers 400 in Italian", async () => {
    const res = await t.app.inject({ url: "/api/clients/%E0%A4%A", headers: { cookie: t.admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Indirizzo della richiesta non valido");
  });

  it("a truncated image is refused as a photo; a whole one is accepted", async () => {
    const truncated = await upload("tagliata.png", PNG.subarray(0, 29));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toMatch(/^L'immagine "tagliata.png" è danneggiata o incompleta/);
    expect((await upload("intera.png", PNG)).statusCode).toBe(201);
  });

  it("bidi control characters are stripped from file names", async () => {
    const res = await upload("fattura\u202Egnp.exe\u2066.png", PNG);
    expect(res.statusCode).toBe(201);
    expect(res.json()[0].fileName).toBe("fatturagnp.exe.png");
  });
});
