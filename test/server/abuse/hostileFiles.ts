import { deflateSync } from 'node:zlib';
import { TextReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { PDFDocument } from 'pdf-lib';

/**
 * Hostile files for the abuse tests and `bench/hostileUploads.ts`, built from the descriptions of issue 25 (never by
 * running the code under test): each is small to send and expensive, or fatal, to read naively.
 */

/**
 * A PDF whose page tree is a bomb: every `/Pages` node lists the same child `fanout` times, `depth` levels deep, so
 * a reader that walks the tree without a visited set meets fanout^depth leaf pages (10 and 9: 10^9 pages in about
 * 1.6 KB). Written by hand as PDF 1.4 text with a correct cross-reference table.
 */
export function pageTreeBombPdf(fanout = 10, depth = 9): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let level = 0; level < depth; level++) {
    const self = 2 + level;
    const child = self + 1;
    const parent = level === 0 ? '' : ` /Parent ${self - 1} 0 R`;
    objects.push(`<< /Type /Pages${parent} /Kids [${Array.from({ length: fanout }, () => `${child} 0 R`).join(' ')}] /Count ${fanout ** (depth - level)} >>`);
  }
  objects.push(`<< /Type /Page /Parent ${depth + 1} 0 R /MediaBox [0 0 612 792] >>`);
  return pdfOfObjects(objects);
}

/** A PDF file of numbered objects (1 0 obj … in order), its cross-reference table and trailer, Root 1 0 R. */
function pdfOfObjects(objects: readonly string[]): Buffer {
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(text));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text);
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** A good one-page PDF (pdf-lib), as a merchant's scanner might write it. */
export async function onePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Certificate', { x: 40, y: 780 });
  return Buffer.from(await pdf.save());
}

/** A one-page PDF followed by `junkBytes` of pseudo-random bytes (seeded: the same file every run). */
export async function junkPaddedPdf(junkBytes = 4.9 * 1024 * 1024): Promise<Buffer> {
  return Buffer.concat([await onePagePdf(), seededBytes(Math.floor(junkBytes), 25)]);
}

/** Bytes from a small linear congruential generator: deterministic noise that does not compress. */
export function seededBytes(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/**
 * A PNG of `width`×`height` RGB pixels (RGBA with `alpha`). `fill: 'zeros'` compresses about 1000 to 1 (8000×8000 is
 * about 190 KB, and 192 MB once decoded); `'noise'` does not compress (a photo's size); `'none'` declares the size in
 * its header but carries a single empty scanline (a 40000×40000 claim in a few bytes).
 */
export function pngOf(width: number, height: number, fill: 'zeros' | 'noise' | 'none' = 'noise', { alpha = false } = {}): Buffer {
  const channels = alpha ? 4 : 3;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, alpha ? 6 : 2, 0, 0, 0], 8);
  const stride = width * channels + 1;
  let raw: Buffer;
  if (fill === 'none') raw = Buffer.alloc(stride > 1 << 20 ? 1 : stride);
  else if (fill === 'zeros') raw = Buffer.alloc(stride * height);
  else {
    raw = seededBytes(stride * height, width ^ height);
    for (let row = 0; row < height; row++) raw[row * stride] = 0;
  }
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw, { level: fill === 'noise' ? 1 : 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

export const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** One PNG chunk: length, type, data and the CRC-32 of type and data (the PNG specification, section 5.3). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  let crc = 0xffffffff;
  for (const byte of Buffer.concat([head.subarray(4), data])) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 0);
  return Buffer.concat([head, data, tail]);
}

/** The address of {@link offlineKycXml}'s Poa element, as attributes. */
const PUNE_ADDRESS = 'house="12" street="MG Road" loc="Shivaji Nagar" vtc="Pune" dist="Pune" state="Maharashtra" pc="411005"';

/**
 * An Aadhaar Paperless Offline e-KYC XML as UIDAI's documentation describes it (OfflinePaperlessKyc with Poi and Poa,
 * signed unless `signed` is false; the values are made up): `rootExtra` is added to the root element's attributes,
 * `poa` replaces the address's.
 */
export function offlineKycXml({ rootExtra = '', signed = true, poa = PUNE_ADDRESS } = {}): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><OfflinePaperlessKyc referenceId="234620190101120000000"${rootExtra}><UidData>` +
    '<Poi dob="15-08-1988" gender="F" name="Asha Verma"/>' +
    `<Poa ${poa} country="India"/>` +
    `<Pht>AAAA</Pht></UidData>${signed ? '<Signature><SignatureValue>AAAA</SignatureValue></Signature>' : ''}</OfflinePaperlessKyc>`
  );
}

/** A ZIP protected by the share code (ZipCrypto, as UIDAI's files are) holding one XML file. */
export async function shareCodeZip(shareCode: string, xml: string): Promise<Buffer> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), { password: shareCode, zipCrypto: true });
  await writer.add('offlineaadhaar20190101120000000.xml', new TextReader(xml));
  return Buffer.from(await writer.close());
}

/** The offline e-KYC ZIP whose root element carries `letters` letters of attribute-like text (no `=`). */
export function longAttributeXmlZip(shareCode: string, letters = 160_000): Promise<Buffer> {
  return shareCodeZip(shareCode, offlineKycXml({ rootExtra: ` ${'a'.repeat(letters)}` }));
}

/**
 * An offline e-KYC ZIP whose headers lie: the local and central headers say the XML is `claimedSize` bytes while it
 * inflates to `xmlBytes` (padding in a comment).
 */
export async function lyingSizeZip(shareCode: string, claimedSize = 100, xmlBytes = 3 * 1024 * 1024): Promise<Buffer> {
  const xml = offlineKycXml().replace('<UidData>', `<!--${'x'.repeat(xmlBytes)}--><UidData>`);
  const zip = await shareCodeZip(shareCode, xml);
  // Local file header: signature 0x04034b50, uncompressed size at offset 22; central directory header: 0x02014b50,
  // uncompressed size at offset 24 (PKWARE APPNOTE 4.3.7 and 4.3.12).
  for (let offset = 0; offset + 4 <= zip.length; offset++) {
    const signature = zip.readUInt32LE(offset);
    if (signature === 0x04034b50) zip.writeUInt32LE(claimedSize, offset + 22);
    if (signature === 0x02014b50) zip.writeUInt32LE(claimedSize, offset + 24);
  }
  return zip;
}

/** An XML with a DOCTYPE declaring entities that expand a billion-fold ("billion laughs"). */
export function entityBombXml(): string {
  const entities = Array.from({ length: 9 }, (_, level) => `<!ENTITY l${level + 1} "${`&l${level};`.repeat(10)}">`).join('');
  return offlineKycXml().replace('<OfflinePaperlessKyc', `<!DOCTYPE OfflinePaperlessKyc [<!ENTITY l0 "ha">${entities}]><OfflinePaperlessKyc`).replace('name="Asha Verma"', 'name="&l9;"');
}
