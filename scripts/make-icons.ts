/**
 * Writes the PWA's icons (src/web/public/icon-*.png): the favicon's roof ridge ("colmo"), white on
 * the brand blue. Run once with `tsx scripts/make-icons.ts`; the PNGs are committed so the build
 * needs no image tool. The demo photos' PNG encoder, no dependency.
 */
import fs from "node:fs";
import path from "node:path";
import { rgbPng } from "../src/server/modules/surveys/demo-photo";

const BLUE = [0x1e, 0x4e, 0x79];
const WHITE = [0xff, 0xff, 0xff];

/** Distance from point p to the segment a–b. */
function toSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** `safe` is the share of the side the drawing stays in (maskable icons get cropped to a circle). */
function icon(size: number, safe: number) {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  const s = (v: number) => size / 2 + (v - 0.5) * size * safe;
  const [ax, ay, bx, by, cx, cy] = [s(0.08), s(0.62), s(0.5), s(0.24), s(0.92), s(0.62)];
  const stroke = size * safe * 0.07;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const d = Math.min(toSegment(x + 0.5, y + 0.5, ax, ay, bx, by), toSegment(x + 0.5, y + 0.5, bx, by, cx, cy));
      // A one-pixel soft edge so the ridge is not jagged.
      const a = Math.max(0, Math.min(1, stroke - d + 0.5));
      const o = y * (size * 3 + 1) + 1 + x * 3;
      for (let i = 0; i < 3; i++) raw[o + i] = Math.round(BLUE[i]! * (1 - a) + WHITE[i]! * a);
    }
  }
  return rgbPng(size, size, raw);
}

const out = path.resolve("src/web/public");
fs.mkdirSync(out, { recursive: true });
for (const [name, size, safe] of [
  ["icon-192.png", 192, 0.8],
  ["icon-512.png", 512, 0.8],
  ["icon-maskable-512.png", 512, 0.6],
  ["apple-touch-icon.png", 180, 0.8],
] as const) {
  fs.writeFileSync(path.join(out, name), icon(size, safe));
  console.log(name);
}
