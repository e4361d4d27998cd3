import { describe, expect, it } from "vitest";
import { buildTestApp } from "./test/app";

// A readable terminal (issue 28): requests are logged one line each only at LOG_LEVEL=debug.
async function linesFor(level: string) {
  const lines: string[] = [];
  const t = await buildTestApp({ logStream: { write: (line) => void lines.push(line) }, env: { LOG_LEVEL: level } });
  try {
    const before = lines.length;
    expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/clients" })).statusCode).toBe(401);
    return lines.slice(before).map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string } });
  } finally {
    await t.close();
  }
}

describe("request log", () => {
  it("writes nothing per request at the default level", async () => {
    expect(await linesFor("info")).toEqual([]);
  });
  it("writes one line per request at debug, with the URL and the status", async () => {
    const requests = (await linesFor("debug")).filter((l) => l.msg === "richiesta");
    expect(requests.map((l) => l.req?.url)).toEqual(["/api/health", "/api/clients"]);
  });
});
