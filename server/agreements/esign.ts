import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { message } from '../../schemas/messages';
import { generateDocument, pageWriter } from '../documents/generatedDocuments';
import type { MerchantRecord } from '../merchants/store';

/** Who e-signed, as the signature page records it. */
export interface Signer {
  name: string;
  email: string;
  /** The merchant the signer signs for (its PAN name). */
  for: string;
  mid: number;
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The document e-signed (onboarding spec section 4, E-sign): the accepted agreement followed by its Schedule C, written
 * from the record as it is now, as one PDF (pdf-lib copies the pages).
 */
export async function mergedForEsign(agreementPdf: Uint8Array, record: MerchantRecord, now: Date): Promise<Buffer> {
  const merged = await PDFDocument.create();
  merged.setTitle(message('generated.agreement.title'));
  merged.setCreator('Merchant onboarding');
  merged.setCreationDate(now);
  merged.setModificationDate(now);
  for (const part of [agreementPdf, await generateDocument('schedule_c', record, now)]) {
    const source = await PDFDocument.load(part);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}

/** An e-mail address with its name hidden but the first letter (a***@example.com), for what the signature page and dialogs show. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

/** What a signature page says besides who, when and the hash: its closing statement, and what else the same OTP signed. */
export interface SignatureNote {
  /** The catalogue key of the closing statement (`generated.esign.*`). */
  statement: 'statement' | 'statementWithAgreement';
  /** The titles of every document the one OTP signed (this one among them); one document alone: none listed. */
  together: readonly string[];
}

/**
 * An e-signed document: the document signed with a signature page appended that records who signed, for whom, when
 * (UTC and India time), how the signer was verified (an OTP to their e-mail), the SHA-256 of the document they signed
 * and, when one OTP signed several documents (the agreement, the authorisation letter, Schedule C), which. The stored
 * file's own SHA-256 is kept beside it, so any later change to the signed bytes shows.
 */
export async function signedWithPage(document: Uint8Array, signer: Signer, now: Date, note: SignatureNote): Promise<Buffer> {
  const pdf = await PDFDocument.load(document);
  pdf.setModificationDate(now);
  pdf.setKeywords(['e-signed', `sha256:${sha256Hex(document)}`]);
  // A page of its own, after the document's.
  const writer = await pageWriter(pdf);
  const indiaTime = now.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'long', timeStyle: 'long' });
  const t = (key: string, params: Record<string, string | number> = {}) => message(`generated.esign.${key}`, params);
  writer.heading(t('title'));
  writer.line(t('signedBy', { name: signer.name, email: maskEmail(signer.email) }));
  writer.line(t('signedFor', { name: signer.for, mid: signer.mid }));
  writer.line(t('signedAt', { utc: now.toISOString(), india: indiaTime }));
  writer.line(t('verifiedBy', { email: maskEmail(signer.email) }));
  if (note.together.length > 1) writer.line(t('together', { documents: note.together.join(', ') }));
  writer.gap();
  writer.paragraph(t('document', { sha256: sha256Hex(document) }));
  writer.paragraph(t(note.statement));
  return Buffer.from(await pdf.save());
}
