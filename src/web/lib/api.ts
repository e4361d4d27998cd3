import type { ErrorBody } from "@domain/common";

/** A failed call: the server's Italian message and, for 400s, the message of each field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ErrorBody,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function request(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<Response> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers:
      body === undefined
        ? { accept: "application/json", ...extra }
        : { "content-type": "application/json", accept: "application/json", ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const text = await res.text();
    let parsed: ErrorBody | undefined;
    try {
      parsed = JSON.parse(text) as ErrorBody;
    } catch {
      parsed = undefined;
    }
    // docs/domain/screens.md: "status: body text", or the status text when the body is empty.
    throw new ApiError(res.status, parsed?.message ?? `${res.status}: ${text || res.statusText}`, parsed);
  }
  return res;
}

/**
 * One page of a list: its rows and the count of the whole filter ("oltre `total`" when capped).
 * `next` / `previous`: the cursors of the neighbouring pages, on the lists that page by keyset
 * (X-Next-Cursor / X-Previous-Cursor; src/server/lib/list.ts).
 */
export type ListPage<T> = { rows: T[]; total: number; capped: boolean; next?: string; previous?: string };

/**
 * The total the last counted page of each list gave, by path and query without the page's place
 * (cursor, offset, limit). A cursor page (`after` / `before`: "Successiva", "Precedente") sends
 * X-Total-Count-Known when it is here, and the server answers it without counting (and without
 * X-Total-Count): the pager shows the total of the page the user came from. A reload on a cursor
 * page finds nothing here and is counted as before.
 */
const knownTotals = new Map<string, { total: number; capped: boolean }>();
const KNOWN_TOTALS_KEPT = 50;

function totalKey(path: string, query?: Query) {
  const { after: _a, before: _b, offset: _o, limit: _l, ...rest } = query ?? {};
  return withQuery(path, rest);
}

function keepTotal(key: string, total: number, capped: boolean) {
  knownTotals.delete(key);
  knownTotals.set(key, { total, capped });
  if (knownTotals.size > KNOWN_TOTALS_KEPT) knownTotals.delete(knownTotals.keys().next().value!);
}

export const api = {
  async get<T>(path: string, query?: Query): Promise<T> {
    return (await request("GET", withQuery(path, query))).json() as Promise<T>;
  },
  /**
   * A list page and the X-Total-Count the server computed for the whole filter. `capped`: the
   * server stopped counting at its cap (X-Total-Count-Capped), the total is "oltre …". A short
   * page past the cap tells the exact total after all.
   */
  async list<T>(path: string, query?: Query): Promise<ListPage<T>> {
    const key = totalKey(path, query);
    const known = query?.after || query?.before ? knownTotals.get(key) : undefined;
    const res = await request("GET", withQuery(path, query), undefined, known ? { "X-Total-Count-Known": "true" } : {});
    const rows = (await res.json()) as T[];
    const counted = res.headers.get("X-Total-Count");
    if (counted !== null) keepTotal(key, Number(counted), res.headers.get("X-Total-Count-Capped") === "true");
    const { total, capped } =
      counted === null && known ? known : { total: Number(counted ?? 0), capped: res.headers.get("X-Total-Count-Capped") === "true" };
    const cursors = {
      ...(res.headers.get("X-Next-Cursor") ? { next: res.headers.get("X-Next-Cursor")! } : {}),
      ...(res.headers.get("X-Previous-Cursor") ? { previous: res.headers.get("X-Previous-Cursor")! } : {}),
    };
    if (!capped) return { rows, total, capped: false, ...cursors };
    const offset = Number(query?.offset ?? 0) || 0;
    const limit = Number(query?.limit ?? 0) || 0;
    if (limit > 0 && rows.length < limit && !query?.before)
      return { rows, total: offset + rows.length, capped: false, ...cursors };
    return { rows, total: Math.max(total, offset + rows.length), capped: true, ...cursors };
  },
  async post<T>(path: string, body: unknown = {}): Promise<T> {
    const res = await request("POST", path, body);
    return (res.status === 204 ? null : await res.json()) as T;
  },
  async put<T>(path: string, body: unknown): Promise<T> {
    return (await request("PUT", path, body)).json() as Promise<T>;
  },
  async patch<T>(path: string, body: unknown): Promise<T> {
    return (await request("PATCH", path, body)).json() as Promise<T>;
  },
  async delete(path: string): Promise<void> {
    await request("DELETE", path);
  },
};

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
