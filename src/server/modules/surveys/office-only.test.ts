import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app";
import { multipart, PNG, seedWorld, type World } from "../../test/reliability/world";

// Issue 26, finding 5: a technician deletes only the files he uploaded, and may not move a survey
// to another client or hand it to someone else; the office may. Refusals are 403 in Italian.

let t: TestApp;
let w: World;
let other: World;
let tecnico: { cookie: string; userId: string };
let ufficio: { cookie: string; userId: string };
beforeAll(async () => {
  t = await buildTestApp();
  w = await seedWorld(t, "Alfa");
  other = await seedWorld(t, "Beta");
  tecnico = await t.staffUser("tecnico");
  ufficio = await t.staffUser("ufficio");
});
afterAll(async () => t.close());

const as = (cookie: string) => ({ cookie });

async function uploadAs(cookie: string) {
  const body = multipart([{ fileName: "foto.png", type: "image/png", data: PNG }]);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/attachments?entityType=survey&entityId=${w.survey.id}`,
    headers: { ...as(cookie), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }[])[0]!.id;
}

describe("attachments: deleted by their uploader or the office", () => {
  it("a technician cannot delete the office's file (403 in Italian, the file stays); the office can", async () => {
    const officeFile = await uploadAs(t.admin);
    const refused = await t.app.inject({
      method: "DELETE",
      url: `/api/attachments/${officeFile}`,
      headers: as(tecnico.cookie),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Puoi eliminare solo i file che hai caricato tu/);
    expect(
      (await t.app.inject({ url: `/api/attachments/${officeFile}/file`, headers: as(tecnico.cookie) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/attachments/${officeFile}`, headers: as(ufficio.cookie) }))
        .statusCode,
    ).toBe(204);
  });

  it("a technician deletes his own upload", async () => {
    const mine = await uploadAs(tecnico.cookie);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/attachments/${mine}`, headers: as(tecnico.cookie) }))
        .statusCode,
    ).toBe(204);
  });
});

describe("surveys: client and assignee changed by the office only", () => {
  const detail = async () => (await t.app.inject({ url: `/api/surveys/${w.survey.id}`, headers: as(t.admin) })).json();
  const put = (cookie: string, body: object) =>
    t.app.inject({ method: "PUT", url: `/api/surveys/${w.survey.id}`, headers: as(cookie), payload: body });
  const bodyOf = (s: Record<string, unknown>) => ({
    clientId: s.clientId,
    contactId: null,
    date: s.date,
    time: s.time ?? "",
    address: s.address,
    description: s.description ?? "",
    status: s.status,
    assignedUserId: s.assignedUserId ?? null,
    version: s.version,
  });

  it("a technician updates his notes but not the client or the assignee (403, nothing changes)", async () => {
    const s = await detail();
    const otherClient = await put(tecnico.cookie, { ...bodyOf(s), clientId: other.clientId });
    expect(otherClient.statusCode).toBe(403);
    expect(otherClient.json().message).toBe("Solo l'ufficio può cambiare il cliente di un sopralluogo");
    const toAdmin = await put(tecnico.cookie, {
      ...bodyOf(s),
      assignedUserId: (await t.app.inject({ url: "/api/auth/me", headers: as(t.admin) })).json().id,
    });
    expect(toAdmin.statusCode).toBe(403);
    expect(toAdmin.json().message).toBe("Solo l'ufficio può assegnare un sopralluogo a un'altra persona");
    expect((await detail()).version).toBe(s.version);
    const notes = await put(tecnico.cookie, { ...bodyOf(s), description: "Tegole rotte sul lato nord" });
    expect(notes.statusCode, notes.body).toBe(200);
  });

  it("the office moves the survey to another client and assigns it", async () => {
    const s = await detail();
    const res = await put(ufficio.cookie, { ...bodyOf(s), clientId: other.clientId, assignedUserId: tecnico.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clientId: other.clientId, assignedUserId: tecnico.userId });
  });
});
