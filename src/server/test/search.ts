import { expect } from "vitest";
import type { TestApp } from "./app";

/**
 * The names a list's search box finds for `q` (sorted by name), after checking that the count
 * (X-Total-Count, a separate query over the same WHERE) agrees with the rows.
 */
export async function searchedNames(t: TestApp, list: string, q: string): Promise<string[]> {
  const res = await t.app.inject({ url: `${list}?q=${encodeURIComponent(q)}&sort=name`, headers: { cookie: t.admin } });
  expect(res.statusCode, q).toBe(200);
  const found = res.json().map((row: { name: string }) => row.name);
  expect(res.headers["x-total-count"], q).toBe(String(found.length));
  return found;
}
