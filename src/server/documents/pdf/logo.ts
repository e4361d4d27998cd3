import zlib from "node:zlib";
import { imageDimensions, LOGO_IMAGE_LIMITS } from "../../lib/image-dimensions";
import type { Queryable } from "../../db/client";
import { createDatabaseStorage } from "../../storage/database";
import { createDiskStorage, uploadsDir } from "../../storage/storage";

/** Bytes a PNG's pixels may inflate to: every row, its filter byte, up to 8 bytes a pixel. */
function maxInflatedPngBytes(width: number, height: number) {
  return height * (1 + width * 8) + 1024;
}

/**
 * Whether pdfmake can draw these bytes: a PNG whose chunks are intact and whose pixels inflate,
 * or a complete JPEG, in both cases no larger than the logo limits (read from the header, so a
 * decompression bomb is refused before inflating anything, and the inflation itself is capped
 * at what the header's size allows). A damaged logo with the right first bytes used to make
 * every PDF fail; a 254 KB PNG of 256 MB of pixels made every PDF take seconds.
 */
export function isPrintableImage(bytes: Buffer, mime: string): boolean {
  const size = imageDimensions(bytes);
  if (!size || size.width > LOGO_IMAGE_LIMITS.maxSide || size.height > LOGO_IMAGE_LIMITS.maxSide) return false;
  if (size.width * size.height > LOGO_IMAGE_LIMITS.maxPixels) return false;
  if (mime === "image/jpeg" || mime === "image/jpg") {
    const end = bytes.length >= 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
    return end && bytes[0] === 0xff && bytes[1] === 0xd8;
  }
  if (mime !== "image/png" || bytes.length < 8) return false;
  let offset = 8;
  const idat: Buffer[] = [];
  let sawHeader = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString("latin1");
    if (offset + 12 + length > bytes.length) return false;
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if ((zlib.crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0) !== bytes.readUInt32BE(offset + 8 + length)) return false;
    if (type === "IHDR") sawHeader = true;
    if (type === "IDAT") idat.push(data);
    if (type === "IEND") {
      try {
        const maxOutputLength = maxInflatedPngBytes(size.width, size.height);
        return sawHeader && idat.length > 0 && zlib.inflateSync(Buffer.concat(idat), { maxOutputLength }).length > 0;
      } catch {
        return false;
      }
    }
    offset += 12 + length;
  }
  return false;
}

/** pdfmake embeds PNG and JPEG; any other logo format is left out rather than failing the PDF. */
const PRINTABLE = new Set(["image/png", "image/jpeg", "image/jpg"]);

/**
 * The company logo as a data URL for the letterhead, or null when none was uploaded, the file is
 * missing or not printable. Read from the `files` table when `db` is given and holds it (files
 * in PostgreSQL), else from the uploads storage under DATA_DIR.
 */
export async function companyLogo(
  settings: { logoKey: string | null; logoMime: string | null },
  dataDir: string,
  db?: Queryable,
): Promise<string | null> {
  if (!settings.logoKey || !settings.logoMime || !PRINTABLE.has(settings.logoMime)) return null;
  try {
    const bytes =
      (db ? await createDatabaseStorage(db).get(settings.logoKey) : null) ??
      (await createDiskStorage(uploadsDir(dataDir)).get(settings.logoKey));
    if (!bytes || !isPrintableImage(bytes, settings.logoMime)) return null;
    return bytes ? `data:${settings.logoMime === "image/jpg" ? "image/jpeg" : settings.logoMime};base64,${bytes.toString("base64")}` : null;
  } catch {
    return null;
  }
}
