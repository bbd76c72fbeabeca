import { deflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { mergeIntoPdf } from '../../../server/files/mergePages';
import { onePagePdf, pngChunk, PNG_SIGNATURE } from '../abuse/hostileFiles';

/** A PNG of a gradient: colour type 0 (gray), 2 (RGB), 3 (palette) or 6 (RGBA); `extra` chunks before IDAT. */
function gradientPng(width: number, height: number, colorType: 0 | 2 | 3 | 6, extra: Buffer[] = []): { png: Buffer; idat: Buffer } {
  const channels = { 0: 1, 2: 3, 3: 1, 6: 4 }[colorType];
  const raw = Buffer.alloc((width * channels + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) for (let c = 0; c < channels; c++) raw[y * (width * channels + 1) + 1 + x * channels + c] = colorType === 3 ? x % 4 : (x + y * c) % 256;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colorType, 0, 0, 0], 8);
  const idat = deflateSync(raw);
  return { png: Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), ...extra, pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]), idat };
}

/** The image XObjects of a PDF's pages, in page order. */
async function imagesOf(pdf: Uint8Array): Promise<PDFRawStream[]> {
  const document = await PDFDocument.load(pdf);
  return document.getPages().flatMap((page) => {
    const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    return xObjects ? xObjects.keys().map((key) => document.context.lookup(xObjects.get(key)) as PDFRawStream) : [];
  });
}

describe('mergeIntoPdf()', () => {
  it('puts a gray, RGB or palette PNG in as it is: its IDAT read through the PNG predictors, nothing decoded', async () => {
    const palette = pngChunk('PLTE', Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 0]));
    const pngs = [gradientPng(40, 30, 0), gradientPng(40, 30, 2), gradientPng(40, 30, 3, [palette])];
    const merged = await mergeIntoPdf([{ content: await onePagePdf(), mime_type: 'application/pdf' }, ...pngs.map(({ png }) => ({ content: png, mime_type: 'image/png' }))]);
    expect((await PDFDocument.load(merged)).getPageCount()).toBe(4);
    const images = await imagesOf(merged);
    expect(images).toHaveLength(3);
    const [gray, rgb, indexed] = images.map((image) => image.dict);
    expect(gray!.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceGray'));
    expect(rgb!.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceRGB'));
    expect(String(indexed!.get(PDFName.of('ColorSpace')))).toMatch(/^\[ \/Indexed \/DeviceRGB 3 <FF0000/i);
    for (const [index, image] of images.entries()) {
      expect(image.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
      expect(String(image.dict.get(PDFName.of('DecodeParms')))).toContain('/Predictor 15');
      expect(Buffer.compare(Buffer.from(image.contents), pngs[index]!.idat)).toBe(0);
    }
  });

  it('decodes a PNG with transparency, which becomes a soft mask', async () => {
    const merged = await mergeIntoPdf([{ content: gradientPng(20, 20, 6).png, mime_type: 'image/png' }]);
    const [image] = await imagesOf(merged);
    expect(image!.dict.get(PDFName.of('SMask'))).toBeDefined();
    expect(image!.dict.get(PDFName.of('DecodeParms'))).toBeUndefined();
  });
});
