import { deflateSync } from "node:zlib";

// A tiny PNG encoder, enough for generated demo photos without an image library.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 240×180 "roof": sky, a tiled pitch in terracotta rows, and a gutter; the hue varies by seed. */
export function roofPhoto(seed: number): Buffer {
  const w = 240;
  const h = 180;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  const tint = (seed * 37) % 40;
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const ridge = 50 + Math.abs(x - w / 2) * 0.35;
      let rgb: [number, number, number];
      if (y < ridge) rgb = [150 + (y >> 1), 190 + (y >> 2), 235];
      else if (y > h - 14) rgb = [110, 110, 115];
      else {
        const row = Math.floor((y - ridge) / 9);
        const seam = (y - ridge) % 9 < 1 || (x + row * 7) % 16 < 1;
        rgb = seam ? [90, 40, 25] : [180 + tint - (row % 2) * 18, 80 + tint / 2, 45];
      }
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = rgb[0];
      raw[o + 1] = rgb[1];
      raw[o + 2] = rgb[2];
    }
  }
  return rgbPng(w, h, raw);
}

/** An 8-bit RGB PNG of `raw` (each row: a 0 filter byte, then R G B per pixel). */
export function rgbPng(w: number, h: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
