import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

export interface BundleFigures {
  initialGzip: number;
  initialFiles: string[];
  chunks: { file: string; gzip: number }[];
}

const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Initial JS = the entry script and what index.html preloads; every other chunk loads on demand. */
export function bundleFigures(webDir: string): BundleFigures {
  const html = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const all = fs.readdirSync(path.join(webDir, "assets")).filter((f) => f.endsWith(".js"));
  const chunks = all
    .filter((f) => !initial.includes(`assets/${f}`))
    .map((f) => ({ file: f, gzip: gz(path.join(webDir, "assets", f)) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { initialGzip: initial.reduce((s, f) => s + gz(path.join(webDir, f)), 0), initialFiles: initial, chunks };
}

export interface BrowserFigures {
  lcp: { path: string; ms: number }[];
  searchMs: number[];
}

const flags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * LCP of a few screens and the time from the last keystroke in the clients search to the
 * filtered rows, in headless Chromium with the CPU slowed 4× (CDP), logged in as the admin.
 */
export async function browserFigures(
  base: string,
  sessionCookie: string,
  quoteId: string,
  search: string,
): Promise<BrowserFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: flags,
  });
  try {
    const [name, value] = sessionCookie.split(";")[0]!.split("=") as [string, string];
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "it-IT" });
    await context.addCookies([{ name, value, url: base }]);
    const lcp: { path: string; ms: number }[] = [];
    for (const p of ["/admin/dashboard", "/admin/clients", `/admin/quotes/${quoteId}`]) {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.setCacheDisabled", { cacheDisabled: i === 0 });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        await page.goto(base + p, { waitUntil: "networkidle" });
        await page.waitForTimeout(300);
        // LCP is final at the first input; reading it after load and idle is what the browser reports.
        runs.push(
          await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                let last = 0;
                new PerformanceObserver((list) => {
                  for (const e of list.getEntries()) last = e.startTime;
                }).observe({ type: "largest-contentful-paint", buffered: true });
                setTimeout(() => resolve(last), 200);
              }),
          ),
        );
        await page.close();
      }
      // A load whose LCP entry never came (headless Chromium skips it at times) is no figure,
      // not a zero: the median is over the loads that reported one, "–" when none did.
      const reported = runs.filter((ms) => ms > 0);
      lcp.push({ path: p, ms: reported.length ? median(reported) : Number.NaN });
    }

    const searchMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(`${base}/admin/clients`, { waitUntil: "networkidle" });
      const box = page.locator('input[type="search"], [role="searchbox"]').first();
      await box.click();
      await page.evaluate(() => {
        const w = window as unknown as { __key: number };
        document.addEventListener("keyup", () => (w.__key = performance.now()), true);
      });
      const term = search.slice(0, search.length - i);
      await box.pressSequentially(term, { delay: 60 });
      const handle = await page.waitForFunction(
        (t) => {
          const rows = [...document.querySelectorAll("main table tbody tr")];
          const ok = rows.length > 0 && rows.every((r) => r.textContent!.toLowerCase().includes(t.toLowerCase()));
          return ok ? performance.now() - (window as unknown as { __key: number }).__key : null;
        },
        term,
        { polling: "raf", timeout: 15_000 },
      );
      searchMs.push(Number(await handle.jsonValue()));
      await page.close();
    }
    return { lcp, searchMs };
  } finally {
    await browser.close();
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
