import { Uint8ArrayReader, TextWriter, ZipReader, configure } from '@zip.js/zip.js';
import type { KnownPerson } from '../providers/types';

configure({ useWebWorkers: false });

/** Why an Aadhaar offline e-KYC file could not be read. */
export type OfflineXmlProblem = 'shareCode' | 'format';

/**
 * Opens an Aadhaar Paperless Offline e-KYC file (UIDAI: a ZIP protected by the 4-digit share code, holding one signed
 * XML, `OfflinePaperlessKyc`), and reads the person from it: name and date of birth (Poi), address (Poa). The
 * signature is the identity provider's to check. A wrong share code and a file that is not such a ZIP are told apart.
 */
export async function readOfflineKyc(zip: Uint8Array, shareCode: string): Promise<{ xml: string; person: KnownPerson; last4: string } | { problem: OfflineXmlProblem }> {
  let xml = '';
  const reader = new ZipReader(new Uint8ArrayReader(zip));
  try {
    const entries = await reader.getEntries();
    const entry = entries.find((candidate) => !candidate.directory && /\.xml$/i.test(candidate.filename));
    if (!entry || entry.directory || entries.length > 2 || entry.uncompressedSize > 2 * 1024 * 1024) return { problem: 'format' };
    try {
      xml = await entry.getData(new TextWriter(), { password: shareCode, checkPasswordOnly: false });
    } catch {
      return { problem: 'shareCode' };
    }
  } catch {
    return { problem: 'format' };
  } finally {
    await reader.close().catch(() => undefined);
  }
  const root = /<OfflinePaperlessKyc\b([^>]*)>/.exec(xml);
  const poi = /<Poi\b([^>]*)\/?>/.exec(xml);
  const poa = /<Poa\b([^>]*)\/?>/.exec(xml);
  if (!root || !poi || !poa) return { problem: 'format' };
  const rootAttributes = attributes(root[1]!);
  const poiAttributes = attributes(poi[1]!);
  const a = attributes(poa[1]!);
  const last4 = /^([0-9]{4})/.exec(rootAttributes.referenceId ?? '')?.[1];
  const pincode = a.pc ?? '';
  const city = a.vtc || a.dist || a.subdist || '';
  const line = [a.house, a.street, a.landmark, a.loc, a.po].filter((part) => part && part.trim()).join(', ');
  if (!last4 || !poiAttributes.name || !/^[1-9][0-9]{5}$/.test(pincode) || !city || !a.state || !line) return { problem: 'format' };
  const dob = /^(\d{2})-(\d{2})-(\d{4})$/.exec(poiAttributes.dob ?? '');
  return {
    xml,
    last4,
    person: {
      name: poiAttributes.name,
      dob: dob ? `${dob[3]}-${dob[2]}-${dob[1]}` : null,
      address: { address_line: line.slice(0, 250), city, pincode, state: a.state },
    },
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The attributes of an XML start tag, entity references resolved. */
function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    found[match[1]!] = (match[2] ?? match[3] ?? '').replace(/&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-fA-F]+));/g, (_, name: string, dec?: string, hex?: string) =>
      dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : ENTITIES[name]!,
    );
  }
  return found;
}
