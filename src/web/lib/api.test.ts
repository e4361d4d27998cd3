import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./api";

// api.list keeps the total of a list's counted page and sends X-Total-Count-Known on the cursor
// pages of the same list (src/server/lib/list.ts sendKeysetPage then skips the count).

type Sent = { url: string; headers: Record<string, string> };
function serve(answers: { total?: string; capped?: boolean; rows: number }[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
      sent.push({ url, headers: init.headers });
      const a = answers.shift()!;
      const headers = new Headers({ "X-Next-Cursor": "next" });
      if (a.total !== undefined) headers.set("X-Total-Count", a.total);
      if (a.capped) headers.set("X-Total-Count-Capped", "true");
      return new Response(JSON.stringify(Array.from({ length: a.rows }, (_, i) => ({ i }))), { status: 200, headers });
    }),
  );
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

describe("api.list and the first page's total", () => {
  it("sends X-Total-Count-Known on a cursor page of a list it counted, and shows that total", async () => {
    const sent = serve([{ total: "60", rows: 25 }, { rows: 25 }]);
    expect(await api.list("/api/a", { q: "x", limit: 25 })).toMatchObject({ total: 60, capped: false });
    const page2 = await api.list("/api/a", { q: "x", limit: 25, offset: 25, after: "c1" });
    expect(page2).toMatchObject({ total: 60, capped: false, next: "next" });
    expect(sent[0]!.headers["X-Total-Count-Known"]).toBeUndefined();
    expect(sent[1]!.headers["X-Total-Count-Known"]).toBe("true");
  });

  it("keeps a capped total capped ('oltre 10.000')", async () => {
    serve([{ total: "10000", capped: true, rows: 25 }, { rows: 25 }]);
    await api.list("/api/b", { limit: 25 });
    expect(await api.list("/api/b", { limit: 25, offset: 25, after: "c1" })).toMatchObject({ total: 10000, capped: true });
  });

  it("asks for the count on a cursor page of a list it never counted (a reload), and for other filters", async () => {
    const sent = serve([{ total: "7", rows: 2 }, { total: "40", rows: 25 }, { total: "40", rows: 25 }]);
    expect(await api.list("/api/c", { limit: 25, offset: 25, after: "c1" })).toMatchObject({ total: 7 });
    expect(sent[0]!.headers["X-Total-Count-Known"]).toBeUndefined();
    await api.list("/api/d", { status: "a", limit: 25 });
    await api.list("/api/d", { status: "b", limit: 25, offset: 25, after: "c1" });
    expect(sent[2]!.headers["X-Total-Count-Known"]).toBeUndefined();
  });
});
