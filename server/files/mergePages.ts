import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFHexString,
  PDFRawStream,
  ParseSpeeds,
  popGraphicsState,
  pushGraphicsState,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { MAX_IMAGE_PIXELS } from './imageInspection';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 24;

/** A page to merge: a stored file's content and type. */
export interface PageToMerge {
  content: Uint8Array;
  mime_type: string;
}

/** An image placed in the merged document: its XObject and size in pixels. */
interface PlacedImage {
  ref: PDFRef;
  width: number;
  height: number;
}

/**
 * One PDF of the pages in order: a PDF's pages are copied, an image is scaled to fit an A4 page, centred. A JPEG and
 * most PNGs go in as they are, never decoded (PDF reads a JPEG's DCT data, and a PNG's compressed scanlines through
 * its PNG predictors); only a PNG with transparency or interlacing is decoded, after its pixels are counted against
 * the bound. Every page was checked when it was uploaded. Runs in a worker (server/files/fileParser.ts), which bounds
 * its time and memory.
 */
export async function mergeIntoPdf(pages: readonly PageToMerge[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const page of pages) {
    if (page.mime_type === 'application/pdf') {
      const source = await PDFDocument.load(page.content, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
      for (const copied of await merged.copyPages(source, source.getPageIndices())) merged.addPage(copied);
      continue;
    }
    const image = page.mime_type === 'image/png' ? (pngAsIs(merged, page.content) ?? (await decodedPng(merged, page.content))) : await jpeg(merged, page.content);
    drawFitted(merged.addPage(A4), image);
  }
  return merged.save();
}

/** Draws an image scaled to fit the page within its margins (never enlarged), centred. */
function drawFitted(sheet: PDFPage, image: PlacedImage): void {
  const scale = Math.min((A4[0] - 2 * MARGIN) / image.width, (A4[1] - 2 * MARGIN) / image.height, 1);
  const width = image.width * scale;
  const height = image.height * scale;
  const name = sheet.node.newXObject('Image', image.ref);
  sheet.pushOperators(pushGraphicsState(), concatTransformationMatrix(width, 0, 0, height, (A4[0] - width) / 2, (A4[1] - height) / 2), drawObject(name), popGraphicsState());
}

async function jpeg(document: PDFDocument, content: Uint8Array): Promise<PlacedImage> {
  const image = await document.embedJpg(content);
  await image.embed();
  return { ref: image.ref, width: image.width, height: image.height };
}

/** A PNG pdf-lib decodes (transparency becomes a soft mask), if its header's pixels are within the bound; else throws. */
async function decodedPng(document: PDFDocument, content: Uint8Array): Promise<PlacedImage> {
  const header = pngHeaderOf(content);
  if (!header || header.width * header.height > MAX_IMAGE_PIXELS) throw new Error('image over the pixel bound');
  const image = await document.embedPng(content);
  await image.embed();
  return { ref: image.ref, width: image.width, height: image.height };
}

interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

/** The IHDR of a PNG (PNG specification, 11.2.2), or null when it is not where the specification puts it. */
function pngHeaderOf(png: Uint8Array): PngHeader | null {
  if (png.byteLength < 33) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (String.fromCharCode(...png.subarray(12, 16)) !== 'IHDR') return null;
  return { width: view.getUint32(16), height: view.getUint32(20), bitDepth: png[24]!, colorType: png[25]!, interlace: png[28]! };
}

/**
 * The PNG as an image XObject without decoding it, when PDF can read its data as it is: not interlaced, no alpha
 * channel or transparency chunk, gray, RGB or a palette. Its IDAT chunks, concatenated, are a zlib stream of scanlines
 * each led by its PNG filter byte, which FlateDecode with /Predictor 15 reads (ISO 32000-1, 7.4.4.4). Null otherwise.
 */
function pngAsIs(document: PDFDocument, png: Uint8Array): PlacedImage | null {
  const header = pngHeaderOf(png);
  if (!header || header.interlace !== 0 || ![0, 2, 3].includes(header.colorType)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const data: Uint8Array[] = [];
  let palette: Uint8Array | null = null;
  // Each chunk: length, type, data, CRC (12 bytes and its data); the walk ends at IEND or the file's end.
  for (let offset = 8; offset + 12 <= png.byteLength; ) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (body.byteLength !== length) return null;
    if (type === 'IDAT') data.push(body);
    else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') return null;
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!data.length || (header.colorType === 3 && !palette)) return null;
  const colors = header.colorType === 2 ? 3 : 1;
  const colorSpace =
    header.colorType === 3
      ? document.context.obj(['Indexed', 'DeviceRGB', palette!.byteLength / 3 - 1, PDFHexString.of(Buffer.from(palette!).toString('hex'))])
      : header.colorType === 2
        ? 'DeviceRGB'
        : 'DeviceGray';
  const dictionary = document.context.obj({
    Type: 'XObject',
    Subtype: 'Image',
    Width: header.width,
    Height: header.height,
    ColorSpace: colorSpace,
    BitsPerComponent: header.bitDepth,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: header.bitDepth, Columns: header.width },
  });
  const ref = document.context.register(PDFRawStream.of(dictionary, Buffer.concat(data)));
  return { ref, width: header.width, height: header.height };
}
