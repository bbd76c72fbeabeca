import { ERR_INVALID_PASSWORD, ERR_INVALID_UNCOMPRESSED_SIZE, Uint8ArrayReader, Writer, ZipReader, configure } from '@zip.js/zip.js';
import { SaxesParser } from 'saxes';
import type { KnownPerson } from '../providers/types';

configure({ useWebWorkers: false });

/**
 * Why an Aadhaar offline e-KYC file could not be read: a wrong share code; a file that is not such a ZIP, or whose XML
 * lacks what it must hold (format); contents larger than the XML may be, or than its headers say (tooLarge); data
 * that does not inflate with this share code (damaged: a wrong code that passes ZipCrypto's one-byte check, or a
 * damaged file).
 */
export type OfflineXmlProblem = 'shareCode' | 'format' | 'tooLarge' | 'damaged';

/** UIDAI's XML is a few tens of KB (a photo in base64 included): 2 MB is far beyond it. */
const OFFLINE_XML_MAX_BYTES = 2 * 1024 * 1024;

/** A zip.js writer that keeps at most `limit` bytes and refuses more: an entry is never inflated past it. */
class BoundedWriter extends Writer<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  private written = 0;
  exceeded = false;

  constructor(private readonly limit: number) {
    super();
  }

  override writeUint8Array(array: Uint8Array): Promise<void> {
    this.written += array.length;
    if (this.written > this.limit) {
      this.exceeded = true;
      return Promise.reject(new Error('offline XML larger than its bound'));
    }
    this.chunks.push(array.slice());
    return Promise.resolve();
  }

  override getData(): Promise<Uint8Array> {
    return Promise.resolve(Buffer.concat(this.chunks, this.written));
  }
}

/**
 * Opens an Aadhaar Paperless Offline e-KYC file (UIDAI: a ZIP protected by the 4-digit share code, holding one signed
 * XML, `OfflinePaperlessKyc`), and reads the person from it: name and date of birth (Poi), address (Poa). The
 * signature is the identity provider's to check. The XML is inflated into a bounded writer (whatever the headers
 * claim) and read by a linear parser that refuses a DOCTYPE, so no entity is ever expanded. Runs in a worker
 * (server/files/fileParser.ts), which also bounds its time and memory.
 */
export async function readOfflineKyc(zip: Uint8Array, shareCode: string): Promise<{ xml: string; person: KnownPerson; last4: string } | { problem: OfflineXmlProblem }> {
  const reader = new ZipReader(new Uint8ArrayReader(zip));
  let bytes: Uint8Array;
  try {
    const entries = await reader.getEntries();
    const entry = entries.find((candidate) => !candidate.directory && /\.xml$/i.test(candidate.filename));
    if (!entry || entry.directory || entries.length > 2) return { problem: 'format' };
    if (entry.uncompressedSize > OFFLINE_XML_MAX_BYTES) return { problem: 'tooLarge' };
    const writer = new BoundedWriter(OFFLINE_XML_MAX_BYTES);
    try {
      bytes = await entry.getData(writer, { password: shareCode, checkPasswordOnly: false });
    } catch (error) {
      if (writer.exceeded || (error instanceof Error && error.message === ERR_INVALID_UNCOMPRESSED_SIZE)) return { problem: 'tooLarge' };
      if (error instanceof Error && error.message === ERR_INVALID_PASSWORD) return { problem: 'shareCode' };
      return { problem: 'damaged' };
    }
  } catch {
    return { problem: 'format' };
  } finally {
    await reader.close().catch(() => undefined);
  }
  const xml = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const elements = elementsOf(xml, ['OfflinePaperlessKyc', 'Poi', 'Poa']);
  if (!elements) return { problem: 'format' };
  const { OfflinePaperlessKyc: root, Poi: poi, Poa: a } = elements;
  if (!root || !poi || !a) return { problem: 'format' };
  const last4 = /^([0-9]{4})/.exec(root.referenceId ?? '')?.[1];
  const pincode = a.pc ?? '';
  const city = a.vtc || a.dist || a.subdist || '';
  const line = [a.house, a.street, a.landmark, a.loc, a.po].filter((part) => part && part.trim()).join(', ');
  if (!last4 || !poi.name || !/^[1-9][0-9]{5}$/.test(pincode) || !city || !a.state || !line) return { problem: 'format' };
  const dob = /^(\d{2})-(\d{2})-(\d{4})$/.exec(poi.dob ?? '');
  return {
    xml,
    last4,
    person: {
      name: poi.name,
      dob: dob ? `${dob[3]}-${dob[2]}-${dob[1]}` : null,
      address: { address_line: line.slice(0, 250), city, pincode, state: a.state },
    },
  };
}

/**
 * The attributes of the first element of each name, read by saxes (a linear, non-validating parser that expands only
 * XML's five predefined entities and character references); null for XML that is not well-formed or has a DOCTYPE.
 */
function elementsOf(xml: string, names: readonly string[]): Record<string, Record<string, string> | undefined> | null {
  const found: Record<string, Record<string, string> | undefined> = {};
  const parser = new SaxesParser();
  // A DOCTYPE (which could declare entities) or an error ends the read at once: thrown out of write() below.
  const stop = () => {
    throw new Error('offline XML refused');
  };
  parser.on('doctype', stop);
  parser.on('error', stop);
  parser.on('opentag', (tag) => {
    if (names.includes(tag.name) && !found[tag.name]) found[tag.name] = { ...(tag.attributes as Record<string, string>) };
  });
  try {
    parser.write(xml).close();
  } catch {
    return null;
  }
  return found;
}
