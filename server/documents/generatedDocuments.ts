import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { message } from '../../schemas/messages';
import { registeredAddressOf } from '../merchants/registeredAddress';
import type { MerchantRecord } from '../merchants/store';

/** The documents the portal writes for a merchant to sign (onboarding spec section 7, Documents). */
export const GENERATED = {
  authority_letter: { title: 'generated.authorityLetter.title', file: 'authorisation-letter.pdf' },
  schedule_c: { title: 'generated.scheduleC.title', file: 'schedule-c.pdf' },
  beneficiary_list: { title: 'generated.beneficiaryList.title', file: 'beneficial-owners.pdf' },
} as const;
export type GeneratedKind = keyof typeof GENERATED;

/** The spec's call for each generated document (a catalogue category names the call as its `template`). */
export const GENERATOR_CALLS: Readonly<Record<string, GeneratedKind>> = {
  generate_authority_letter: 'authority_letter',
  generate_schedule_c_document: 'schedule_c',
  generate_beneficiary_list: 'beneficiary_list',
};

interface Signatory {
  name: string | null;
  email: string | null;
  pancard_number: string | null;
}
/** The signing authority on record (the first signatory), as get_signatory_details answers it. */
export function signatoryOf(record: MerchantRecord): Signatory | null {
  const account = record.account as { signatory_contact_details?: Signatory[] } | null;
  const first = account?.signatory_contact_details?.[0];
  return first?.name ? { name: first.name, email: first.email ?? null, pancard_number: first.pancard_number ?? null } : null;
}

/**
 * A document filled from the merchant's record, as a PDF: the authorisation letter naming the signing authority, the
 * Schedule C of the service agreement, or the list of beneficial owners. The texts are the message catalogue's; the
 * merchant's data is drawn as text (never interpreted), and characters the standard PDF font cannot show are replaced.
 */
export async function generateDocument(kind: GeneratedKind, record: MerchantRecord, now: Date): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(message(GENERATED[kind].title));
  pdf.setCreator('Merchant onboarding');
  pdf.setCreationDate(now);
  const writer = await pageWriter(pdf);
  const legalName = text(record.pancard_name) || text(record.business_name) || text(record.name);
  const entity = text((record.business_entity as { name?: string } | null)?.name);
  const address = registeredAddressOf(record);
  const addressLine = address ? `${address.address_line}, ${address.city}, ${address.state} ${address.pincode}` : message('generated.notOnRecord');
  const signatory = signatoryOf(record);
  const date = now.toISOString().slice(0, 10);

  writer.heading(message(GENERATED[kind].title));
  writer.line(message('generated.date', { date }));
  writer.line(message('generated.merchant', { name: legalName, mid: String(record.mid) }));
  writer.line(message('generated.entity', { entity: entity || message('generated.notOnRecord') }));
  writer.line(message('generated.pan', { pan: text(record.pancard_number) || message('generated.notOnRecord') }));
  writer.line(message('generated.address', { address: addressLine }));
  writer.gap();

  if (kind === 'authority_letter') {
    const name = signatory?.name ?? message('generated.notOnRecord');
    writer.paragraph(message('generated.authorityLetter.body', { name: legalName, signatory: name, pan: signatory?.pancard_number ?? message('generated.notOnRecord') }));
    writer.gap();
    writer.line(message('generated.authorityLetter.signatory', { name, email: signatory?.email ?? '' }));
  } else if (kind === 'schedule_c') {
    const bank = record.bank_detail as { bank_account_number?: string; ifsc_code?: string; holder_name?: string } | null;
    writer.paragraph(message('generated.scheduleC.body', { name: legalName }));
    writer.gap();
    writer.line(message('generated.scheduleC.category', { category: text(record.business_category_name) || message('generated.notOnRecord'), subCategory: text(record.business_sub_category_name) || message('generated.notOnRecord') }));
    writer.line(message('generated.scheduleC.volume', { volume: text(record.monthly_expected_volume) || message('generated.notOnRecord') }));
    writer.line(message('generated.scheduleC.bank', { account: maskAccount(bank?.bank_account_number), ifsc: bank?.ifsc_code ?? message('generated.notOnRecord'), holder: bank?.holder_name ?? '' }));
    writer.line(message('generated.scheduleC.pricing'));
  } else {
    const owners = (record.ultimate_beneficiaries as Array<{ name: string; pancard_number: string | null; ownership_percentage: number | null }> | null) ?? [];
    writer.paragraph(message('generated.beneficiaryList.body', { name: legalName }));
    writer.gap();
    if (!owners.length) writer.line(message('generated.beneficiaryList.none'));
    owners.forEach((owner, index) =>
      writer.line(message('generated.beneficiaryList.row', { n: index + 1, name: owner.name, pan: owner.pancard_number ?? '-', share: owner.ownership_percentage ?? '-' })),
    );
  }
  writer.gap();
  writer.gap();
  writer.line(message('generated.signHere'));
  // The letter is asked of businesses only (rules/documents.json), which sign and stamp it.
  if (kind === 'authority_letter') writer.line(message('generated.stampHere'));
  return Buffer.from(await pdf.save());
}

/** An account number with all but its last four characters hidden. */
export function maskAccount(account: string | undefined | null): string {
  if (!account) return message('generated.notOnRecord');
  return `${'X'.repeat(Math.max(account.length - 4, 0))}${account.slice(-4)}`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Writes lines top-down on A4 pages, wrapping paragraphs and starting a new page when one is full. */
export async function pageWriter(pdf: PDFDocument) {
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height, margin, size] = [595.28, 841.89, 56, 11];
  let page: PDFPage = pdf.addPage([width, height]);
  let y = height - margin;
  const draw = (value: string, font: PDFFont, fontSize: number) => {
    if (y < margin + fontSize) {
      page = pdf.addPage([width, height]);
      y = height - margin;
    }
    page.drawText(encodable(value, font), { x: margin, y, size: fontSize, font, color: rgb(0.1, 0.1, 0.1) });
    y -= fontSize * 1.5;
  };
  const wrap = (value: string, font: PDFFont, fontSize: number) => {
    const words = encodable(value, font).split(/\s+/);
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, fontSize) > width - 2 * margin && current) {
        draw(current, font, fontSize);
        current = word;
      } else current = candidate;
    }
    if (current) draw(current, font, fontSize);
  };
  return {
    heading: (value: string) => draw(value, bold, 16),
    subheading: (value: string) => wrap(value, bold, 12),
    line: (value: string) => wrap(value, regular, size),
    paragraph: (value: string) => wrap(value, regular, size),
    gap: () => {
      y -= size;
    },
  };
}

/** The text with every character the font cannot encode replaced by "?" (the standard fonts cover Latin-1 only). */
function encodable(value: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(value.replace(/[\r\n\t]+/g, ' '), (char) => (supported.has(char.codePointAt(0)!) ? char : '?')).join('');
}
