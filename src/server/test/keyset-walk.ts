import { expect } from "vitest";
import type { TestApp } from "./app";

// Walking a keyset list (src/server/lib/list.ts) page by page through X-Next-Cursor, and back
// through X-Previous-Cursor, must give exactly the rows (and the order) of one big OFFSET page.

/** A row's identity in the walk: its id, or for a list of rows without one what makes a row unique. */
type RowKey = (row: Record<string, unknown>) => string;

export function keysetWalker(app: () => TestApp, keyOf: RowKey = (r) => r.id as string) {
  async function get(url: string) {
    const t = app();
    const res = await t.app.inject({ method: "GET", url, headers: { cookie: t.admin } });
    expect(res.statusCode, res.body).toBe(200);
    return {
      ids: (res.json() as Record<string, unknown>[]).map(keyOf),
      rows: res.json() as Record<string, unknown>[],
      next: res.headers["x-next-cursor"] as string | undefined,
      previous: res.headers["x-previous-cursor"] as string | undefined,
      total: res.headers["x-total-count"],
    };
  }

  /** The `after` cursor that leads to page `n` (1-based), found by walking. */
  async function lastCursorBefore(path: string, sep: string, limit: number, n: number) {
    let page = await get(`${path}?limit=${limit}${sep}`);
    for (let i = 1; i < n - 1; i++) page = await get(`${path}?limit=${limit}${sep}&after=${page.next}`);
    return page.next!;
  }

  /** Walks forwards by cursor, then backwards from the last page, and compares both with OFFSET. */
  async function expectWalkMatchesOffset(path: string, query: string, limit = 3) {
    const sep = query ? `&${query}` : "";
    const whole = await get(`${path}?limit=200${sep}`);
    expect(whole.ids.length).toBeGreaterThan(limit * 2);
    expect(whole.next).toBeUndefined();

    const pages: string[][] = [];
    let page = await get(`${path}?limit=${limit}${sep}`);
    expect(page.previous).toBeUndefined();
    pages.push(page.ids);
    while (page.next) {
      const previousCursor = page.next;
      page = await get(`${path}?limit=${limit}${sep}&after=${previousCursor}`);
      // The count is the whole filter's, whichever page is read.
      expect(page.total).toBe(whole.total);
      if (page.ids.length) pages.push(page.ids);
      expect(pages.length).toBeLessThan(50);
    }
    expect(pages.flat()).toEqual(whole.ids);
    // Every page but the last is full; the last says there is no next one.
    expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);

    // Backwards from the last page: each page is the one OFFSET gives at the same position.
    let back = await get(
      `${path}?limit=${limit}${sep}&after=${await lastCursorBefore(path, sep, limit, pages.length)}`,
    );
    const seen = [back.ids];
    while (back.previous) {
      back = await get(`${path}?limit=${limit}${sep}&before=${back.previous}`);
      if (back.ids.length) seen.unshift(back.ids);
      expect(seen.length).toBeLessThan(50);
    }
    expect(seen.flat()).toEqual(whole.ids.slice(whole.ids.length - seen.flat().length));
    expect(seen.flat()).toEqual(whole.ids);
  }

  return { get, expectWalkMatchesOffset };
}
