import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, contacts, orders, services, suppliers, surveys } from "../../db/schema";
import { buildTestApp, type TestApp } from "../../test/app";

/*
 * The searches the form pickers send (AsyncCombobox, issue 27): twenty rows of what the user typed,
 * never a list of 200 filtered in the browser. Each picker's records number 25 here: the oldest (or
 * last by name) is not among the twenty an empty search shows, and typing finds it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: { cookie: t.admin } });
  expect(res.statusCode, url).toBe(200);
  return res;
};
const names = async (url: string, field = "name") =>
  ((await get(url)).json() as Record<string, string>[]).map((r) => r[field]);
const pad = (n: number) => String(n).padStart(2, "0");
const day = (n: number) => `2020-01-${pad(n)}`;

describe("pickers search on the server, twenty rows at a time", () => {
  it("service of an estimate line: attivo services by name or description; a retired one only by id", async () => {
    await t.db.insert(services).values(
      Array.from({ length: 25 }, (_, i) => ({ name: `Servizio catalogo ${pad(i + 1)}`, unitPrice: "10", status: "attivo" as const })),
    );
    await t.db.insert(services).values([
      { name: "Zoccolatura in rame", description: "Lattoneria di gronda", unitPrice: "30", status: "attivo" },
      { name: "Zoccolatura in zinco", description: "Fuori catalogo", unitPrice: "20", status: "inattivo" },
    ]);
    const first = await names("/api/services?status=attivo&q=&sort=name&limit=20");
    expect(first).toHaveLength(20);
    expect(first).not.toContain("Zoccolatura in rame");
    // The 26th by name is one word away; the retired one matching the same word is not offered.
    expect(await names("/api/services?status=attivo&q=zoccol&sort=name&limit=20")).toEqual(["Zoccolatura in rame"]);
    // By description too ("gronda" is only in it).
    expect(await names("/api/services?status=attivo&q=GRONDA&sort=name&limit=20")).toEqual(["Zoccolatura in rame"]);
    expect(await names("/api/services?status=attivo&q=catalogo%202&sort=name&limit=20")).toEqual([
      "Servizio catalogo 20",
      "Servizio catalogo 21",
      "Servizio catalogo 22",
      "Servizio catalogo 23",
      "Servizio catalogo 24",
      "Servizio catalogo 25",
    ]);
    // A saved line keeps its retired service: the picker fetches it by id to name it.
    const [retired] = await names("/api/services?status=inattivo&q=zinco&sort=name&limit=20", "id");
    const one = (await get(`/api/services/${retired}`)).json();
    expect(one).toMatchObject({ name: "Zoccolatura in zinco", status: "inattivo" });
  });

  it("supplier order of an estimate: confermato orders, newest first, by number, title or supplier", async () => {
    const [supplier] = await t.db.insert(suppliers).values({ name: "Laterizi Bassi", city: "Lodi" }).returning();
    await t.db.insert(orders).values(
      Array.from({ length: 25 }, (_, i) => ({
        number: `ORD-2020-${pad(i + 1)}`,
        supplierId: supplier!.id,
        title: i === 0 ? "Coppi anticati" : `Materiale ${i + 1}`,
        orderDate: day(i + 1),
        totalAmount: "100",
        status: "confermato" as const,
      })),
    );
    await t.db.insert(orders).values({
      number: "ORD-2020-99",
      supplierId: supplier!.id,
      title: "Coppi anticati, bozza",
      orderDate: day(28),
      status: "bozza",
    });
    const first = await names("/api/orders?status=confermato&q=&sort=-orderDate&limit=20", "number");
    expect(first).toHaveLength(20);
    expect(first[0]).toBe("ORD-2020-25");
    expect(first).not.toContain("ORD-2020-01");
    // The oldest confirmed order, by its title, its number or its supplier; never the draft.
    expect(await names("/api/orders?status=confermato&q=anticati&sort=-orderDate&limit=20", "number")).toEqual(["ORD-2020-01"]);
    expect(await names("/api/orders?status=confermato&q=2020-01&sort=-orderDate&limit=20", "number")).toEqual(["ORD-2020-01"]);
    expect(await names("/api/orders?status=confermato&q=bassi&sort=-orderDate&limit=20", "number")).toHaveLength(20);
    const id = (await get("/api/orders?status=confermato&q=anticati&limit=20")).json()[0].id;
    expect((await get(`/api/orders/${id}`)).json()).toMatchObject({ number: "ORD-2020-01", totalAmount: "100.00" });
  });

  it("survey of an estimate and contact of a survey: the chosen client's only, by address / name", async () => {
    const [client, other] = await t.db
      .insert(clients)
      .values([
        { name: "Condominio Aurora", address: "Via Po 1" },
        { name: "Condominio Borea", address: "Via Po 2" },
      ])
      .returning();
    await t.db.insert(surveys).values(
      Array.from({ length: 25 }, (_, i) => ({
        clientId: client!.id,
        date: day(i + 1),
        address: i === 0 ? "Via del Vecchio Mulino 3" : `Via Po ${i + 1}`,
      })),
    );
    await t.db.insert(surveys).values({ clientId: other!.id, date: day(28), address: "Via del Vecchio Mulino 3" });
    const surveysOf = (q: string) =>
      names(`/api/surveys?clientId=${client!.id}&q=${encodeURIComponent(q)}&sort=-date&limit=20`, "date");
    const first = await surveysOf("");
    expect(first).toHaveLength(20);
    expect(first[0]).toBe(day(25));
    expect(first).not.toContain(day(1));
    expect(await surveysOf("mulino")).toEqual([day(1)]);

    await t.db.insert(contacts).values(
      Array.from({ length: 25 }, (_, i) => ({
        clientId: client!.id,
        name: i === 24 ? "Zanetti Ugo" : `Amministratore ${pad(i + 1)}`,
        role: i === 24 ? "Portiere" : null,
        phone: i === 24 ? "0371 555123" : null,
      })),
    );
    await t.db.insert(contacts).values({ clientId: other!.id, name: "Zanetti Ada" });
    const contactsOf = (q: string) =>
      names(`/api/contacts?clientId=${client!.id}&q=${encodeURIComponent(q)}&sort=name&limit=20`);
    const firstContacts = await contactsOf("");
    expect(firstContacts).toHaveLength(20);
    expect(firstContacts).not.toContain("Zanetti Ugo");
    expect(await contactsOf("zanetti")).toEqual(["Zanetti Ugo"]);
    expect(await contactsOf("555123")).toEqual(["Zanetti Ugo"]);
  });
});
