import { imageSize } from "image-size";

// A few hundred KB of compressed pixels can inflate to gigabytes (a "decompression bomb"):
// the width and height are read from the image header, without decoding anything, and an
// image larger than these limits is refused before any code (ours, pdfkit's, a browser's)
// tries to decode it.

/** Limits for photos and documents attached to surveys and sites: a 48 MP phone photo passes. */
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

/** A logo prints at about 110 × 55 points: 4000 px a side is far more than any print needs. */
export const MAX_LOGO_SIDE = 4_000;
export const MAX_LOGO_PIXELS = 8_000_000;

export interface ImageLimits {
  maxSide: number;
  maxPixels: number;
}
export const ATTACHMENT_IMAGE_LIMITS: ImageLimits = { maxSide: MAX_IMAGE_SIDE, maxPixels: MAX_IMAGE_PIXELS };
export const LOGO_IMAGE_LIMITS: ImageLimits = { maxSide: MAX_LOGO_SIDE, maxPixels: MAX_LOGO_PIXELS };

/** Width and height from the header (PNG IHDR, JPEG SOF, WebP, HEIC ispe), or null when unreadable. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const size = imageSize(bytes);
    // A JPEG's EXIF orientation may swap the sides; the pixel count is the same either way.
    if (!size.width || !size.height) return null;
    return { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

const megapixels = (n: number) => `${Math.round(n / 1_000_000)} megapixel`;

/**
 * The Italian reason an image is too large to accept, or null when it is within the limits.
 * `unreadable` is what to say of a header we cannot read: null accepts it (attachments are
 * never decoded by the server), a message refuses it (the logo is printed in every PDF).
 */
export function imageTooLarge(
  bytes: Uint8Array,
  name: string,
  limits: ImageLimits,
  unreadable: string | null = null,
): string | null {
  const size = imageDimensions(bytes);
  if (!size) return unreadable;
  const { width, height } = size;
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    return `L'immagine "${name}" è troppo grande (${width} × ${height} pixel): il massimo è ${limits.maxSide} pixel per lato e ${megapixels(limits.maxPixels)}`;
  }
  return null;
}

const PNG_IEND = Buffer.from("0000000049454e44ae426082", "hex");

/**
 * Whether the file is a whole image, not only a header (issue 26: a 29-byte PNG passed as a
 * photo). Checked on the container's own structure, without decoding pixels: a PNG ends with its
 * IEND chunk, a JPEG carries an end-of-image marker after its header, a WebP's RIFF size is the
 * file's. Other types (HEIC) are judged by their readable dimensions alone.
 */
export function imageLooksComplete(bytes: Uint8Array, mime: string): boolean {
  if (!imageDimensions(bytes)) return false;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (mime === "image/png") return buf.length >= 57 && buf.subarray(buf.length - 12).equals(PNG_IEND);
  if (mime === "image/jpeg") return buf.lastIndexOf(Buffer.from([0xff, 0xd9])) > 2;
  if (mime === "image/webp") return buf.length >= 12 && buf.readUInt32LE(4) + 8 <= buf.length;
  return true;
}

export const damagedImage = (name: string) => `L'immagine "${name}" è danneggiata o incompleta: caricala di nuovo`;
