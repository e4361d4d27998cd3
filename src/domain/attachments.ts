import { idSchema } from "./common";
import { isOfficeRole } from "./roles";
import type { UserRole } from "./statuses";
import { z } from "./zod";

/** Records that carry photos and documents; sites share some of theirs with the portal. */
export const attachmentEntityTypes = ["survey", "site"] as const;
export type AttachmentEntityType = (typeof attachmentEntityTypes)[number];

export const MAX_ATTACHMENT_MB = 15;
export const MAX_ATTACHMENT_BYTES = MAX_ATTACHMENT_MB * 1024 * 1024;
/** Files accepted in one upload: a phone's burst of photos, not a whole archive. */
export const MAX_FILES_PER_UPLOAD = 20;
/** What the file picker offers; the server checks the bytes anyway. */
export const ATTACHMENT_ACCEPT = "image/*,application/pdf";

export const attachmentTypeError = (fileName: string) =>
  `Il file "${fileName}" non è di un tipo consentito: sono ammessi immagini (JPEG, PNG, WEBP, HEIC) e PDF`;
export const attachmentSizeError = (fileName: string) =>
  `Il file "${fileName}" supera la dimensione massima di ${MAX_ATTACHMENT_MB} MB`;

export interface DetectedType {
  mime: "image/jpeg" | "image/png" | "image/webp" | "image/heic" | "application/pdf";
  ext: "jpg" | "png" | "webp" | "heic" | "pdf";
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
// ISO-BMFF brands used by iPhones and Android for HEIC/HEIF stills.
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

/**
 * The real type of a file from its first bytes, whatever name or type the browser declared:
 * a renamed executable is not a photo. Null when it is none of the accepted types.
 */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { mime: "image/jpeg", ext: "jpg" };
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) {
    return { mime: "image/png", ext: "png" };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP")
    return { mime: "image/webp", ext: "webp" };
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(bytes, 8, 12)))
    return { mime: "image/heic", ext: "heic" };
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return { mime: "application/pdf", ext: "pdf" };
  return null;
}

export const isImageMime = (mime: string) => mime.startsWith("image/");
/** Browsers other than Safari cannot draw HEIC: those get an icon, not a thumbnail. */
export const isPreviewableImage = (mime: string) =>
  mime === "image/jpeg" || mime === "image/png" || mime === "image/webp";

/** A display name safe for headers and file systems: no path, no control characters. */
export function cleanFileName(name: string | undefined, fallbackExt: string): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // Bidi controls too (issue 26): "fattura\u202Egnp.exe" would display as "fatturaexe.png".
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim()
    .slice(0, 200);
  return cleaned || `file.${fallbackExt}`;
}

const EXT_ALIASES: Record<DetectedType["ext"], string[]> = {
  jpg: ["jpg", "jpeg", "jpe", "jfif"],
  png: ["png"],
  webp: ["webp"],
  heic: ["heic", "heif"],
  pdf: ["pdf"],
};

/**
 * The display name with the extension of the type the bytes really are: "foto.png" holding a
 * JPEG becomes "foto.jpg", "pagina.html" holding a PNG becomes "pagina.png", so a download
 * never opens as something else on the user's computer.
 */
export function nameForType(name: string, ext: DetectedType["ext"]): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  if (match && EXT_ALIASES[ext].includes(match[1]!.toLowerCase())) return name;
  const base = match ? name.slice(0, match.index) : name;
  return `${base || "file"}.${ext}`;
}

export const attachmentQuerySchema = z.object({
  entityType: z.enum(attachmentEntityTypes, { error: "entityType: usa survey o site" }),
  entityId: idSchema,
});
export type AttachmentQuery = z.infer<typeof attachmentQuerySchema>;

export const attachmentSchema = z.object({
  id: idSchema,
  entityType: z.enum(attachmentEntityTypes),
  entityId: idSchema,
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  sharedWithClient: z.boolean(),
  /** Who uploaded it (null: before this was recorded, or an account since removed). */
  uploadedBy: idSchema.nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * Who may delete a photo or document (issue 26): the office any, a technician only what he
 * uploaded. The server refuses the rest; the screens offer "Elimina" by the same rule.
 */
export function mayDeleteAttachment(
  user: { id: string; role: UserRole } | null | undefined,
  file: { uploadedBy: string | null },
): boolean {
  if (!user) return false;
  return isOfficeRole(user.role) || (file.uploadedBy !== null && file.uploadedBy === user.id);
}

export const attachmentPatchSchema = z.object({
  sharedWithClient: z.boolean({ error: "sharedWithClient: valore non valido" }),
});

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB`;
}
