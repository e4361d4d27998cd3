/** Long side of a photo kept on the phone and uploaded: sharp on a screen, a few hundred kB. */
export const PHOTO_MAX_SIDE = 1600;

/**
 * A camera photo (often 4000 px, 5 MB) is redrawn on a canvas at most PHOTO_MAX_SIDE wide or high
 * and stored as a JPEG, so a day of photos fits in the phone's storage and goes up on a weak
 * signal. A photo already small enough is kept as it is (no second compression).
 */
export async function resizePhoto(file: File): Promise<{ blob: Blob; fileName: string }> {
  if (!file.type.startsWith("image/") || typeof createImageBitmap !== "function")
    return { blob: file, fileName: file.name };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { blob: file, fileName: file.name };
  }
  const scale = PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height);
  if (scale >= 1) {
    bitmap.close();
    return { blob: file, fileName: file.name };
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
  if (!blob) return { blob: file, fileName: file.name };
  return { blob, fileName: file.name.replace(/\.[^.]+$/, "") + ".jpg" };
}
