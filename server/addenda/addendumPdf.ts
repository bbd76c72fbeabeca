import { PDFDocument } from 'pdf-lib';
import rulesConfig from '../../rules/config';
import { evaluateStatus } from '../../rules/evaluate';
import { message } from '../../schemas/messages';
import { maskAccount, pageWriter } from '../documents/generatedDocuments';
import type { MerchantRecord } from '../merchants/store';
import type { AddendumSource } from './addenda';

const t = (key: string, params: Record<string, string | number> = {}) => message(`generated.addendum.${key}`, params);

/** One value as the addendum prints it: an address on one line, an account number masked, nothing as "(none)". */
function printed(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('none');
  if (field === 'bank_account_number') return maskAccount(String(value));
  if (typeof value === 'object') {
    const { address_line, city, state, pincode } = value as Record<string, string>;
    return `${address_line}, ${city}, ${state} ${pincode}`;
  }
  return String(value);
}

/**
 * The addendum to the service agreement as a PDF (pdf-lib, A4): who it is for, what it changes (each changed field,
 * before and after), and where to sign (and stamp, for a business, as the agreement). Texts are the catalogue's
 * server-only `generated.addendum.*`; the merchant's data is drawn as text, never interpreted.
 */
export async function addendumPdf(record: MerchantRecord, source: AddendumSource, oldData: Record<string, unknown>, newData: Record<string, unknown>, now: Date): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(t('title'));
  pdf.setCreator('Merchant onboarding');
  pdf.setCreationDate(now);
  const writer = await pageWriter(pdf);
  const legalName = String(record.pancard_name ?? record.business_name ?? record.name ?? message('generated.notOnRecord'));
  writer.heading(t('title'));
  writer.line(message('generated.date', { date: now.toISOString().slice(0, 10) }));
  writer.line(message('generated.merchant', { name: legalName, mid: String(record.mid) }));
  writer.gap();
  writer.paragraph(t('body', { what: t(`source.${source}`) }));
  for (const field of Object.keys(newData)) {
    if (JSON.stringify(oldData[field]) === JSON.stringify(newData[field])) continue;
    writer.gap();
    writer.subheading(message(`addendum.field.${field}`));
    writer.line(t('from', { value: printed(field, oldData[field]) }));
    writer.line(t('to', { value: printed(field, newData[field]) }));
  }
  writer.gap();
  writer.paragraph(t('effect'));
  writer.gap();
  writer.line(message('generated.signHere'));
  if (evaluateStatus(record, rulesConfig).agreementSignedByHolder !== true) writer.line(message('generated.stampHere'));
  return Buffer.from(await pdf.save());
}
