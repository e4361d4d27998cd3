import { createDiskStorage, uploadsDir } from "../../storage/storage";

/** pdfmake embeds PNG and JPEG; any other logo format is left out rather than failing the PDF. */
const PRINTABLE = new Set(["image/png", "image/jpeg", "image/jpg"]);

/**
 * The company logo as a data URL for the letterhead, read from the uploads storage under
 * DATA_DIR, or null when none was uploaded, the file is missing or not printable.
 */
export async function companyLogo(settings: { logoKey: string | null; logoMime: string | null }, dataDir: string): Promise<string | null> {
  if (!settings.logoKey || !settings.logoMime || !PRINTABLE.has(settings.logoMime)) return null;
  try {
    const bytes = await createDiskStorage(uploadsDir(dataDir)).get(settings.logoKey);
    return bytes ? `data:${settings.logoMime === "image/jpg" ? "image/jpeg" : settings.logoMime};base64,${bytes.toString("base64")}` : null;
  } catch {
    return null;
  }
}
