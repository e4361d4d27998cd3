import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/app";
import { passwordProblem } from "@domain/passwords";
import { DEMO_LOGINS, runDemo } from "./run";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

it("scale 1: sites, contracts and invoices consistent with their estimates, every status, counters after the demo", { timeout: 120_000 }, async () => {
  await runDemo(t.db, 1, () => {});
  const statuses = await rows<{ t: string; s: string }>(sql`
    select distinct 'contract' as t, status as s from contracts
    union select distinct 'invoice', status from invoices
    union select distinct 'site', status from construction_sites`);
  const of = (k: string) => statuses.filter((r) => r.t === k).map((r) => r.s).sort();
  expect(of("contract")).toEqual(expect.arrayContaining(["attivo", "completato"]));
  expect(of("invoice")).toEqual(expect.arrayContaining(["inviata", "pagata"]));
  expect(of("site")).toEqual(expect.arrayContaining(["completato"]));

  // A completed contract is invoiced to the cent; no contract is invoiced beyond its estimate.
  const over = await rows(sql`
    select c.id from contracts c join estimates e on e.id = c.estimate_id
    join invoices i on i.contract_id = c.id
    group by c.id, c.status, e.total_amount
    having sum(i.amount) > e.total_amount or (c.status = 'completato' and sum(i.amount) <> e.total_amount)`);
  expect(over).toHaveLength(0);
  // Every contract and site descends from an accepted estimate.
  const wrong = await rows(sql`
    select 1 from contracts c join estimates e on e.id = c.estimate_id where e.status <> 'accettato'
    union all select 1 from construction_sites s join estimates e on e.id = s.estimate_id where e.status <> 'accettato'`);
  expect(wrong).toHaveLength(0);
  // Counters hold the last number of each year, so the app continues the series.
  const gaps = await rows(sql`
    select i.year from invoices i join document_counters d on d.kind = 'FAT' and d.year = i.year
    group by i.year, d.last_value having max(i.sequence) <> d.last_value or count(*) <> max(i.sequence)`);
  expect(gaps).toHaveLength(0);
});

it("the demo logins meet the password policy and the team can log in", async () => {
  for (const { username, password } of Object.values(DEMO_LOGINS)) expect(passwordProblem(password, username), username).toBeNull();
  await t.login(DEMO_LOGINS.ufficio.username, DEMO_LOGINS.ufficio.password);
  const me = await t.app.inject({ url: "/api/auth/me", headers: { cookie: await t.login(DEMO_LOGINS.tecnico.username, DEMO_LOGINS.tecnico.password) } });
  expect(me.json()).toMatchObject({ username: "tecnico", role: "tecnico" });
  const [marco] = await rows<{ name: string; color: string }>(sql`select name, color from users where username = 'tecnico'`);
  expect(marco).toEqual({ name: "Marco Ferri", color: "#ea580c" });
});
