import { imageSize } from 'image-size';

/**
 * The largest image a merchant may upload, in pixels: 25 megapixels (a 6000×4000 camera photo). A PNG is decoded whole
 * when pages are merged (4 bytes a pixel); a file of a few hundred KB can declare 8000×8000 (64 megapixels, 256 MB
 * decoded) or 40000×40000.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

/** An image's size as its header declares it, or why it is refused: a header that cannot be read, too many pixels. */
export type ImageInspection = { ok: true; width: number; height: number } | { ok: false; problem: 'unreadable' | 'tooManyPixels' };

/**
 * Reads the width and height a PNG (IHDR) or JPEG (SOF) header declares, without decoding any pixel, so an image over
 * the bound is refused before anything decodes it. Runs in a parse worker (server/files/fileParser.ts): a JPEG's
 * markers are looked for byte by byte past junk (a JPEG start followed by 5 MB of zeros took 0.55 s).
 */
export function inspectImage(content: Uint8Array): ImageInspection {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(content);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const { width, height } = size;
  if (!width || !height) return { ok: false, problem: 'unreadable' };
  return width * height > MAX_IMAGE_PIXELS ? { ok: false, problem: 'tooManyPixels' } : { ok: true, width, height };
}
