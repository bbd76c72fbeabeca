import { PDFDocument } from 'pdf-lib';
import rulesConfig from '../../rules/config';
import { evaluateStatus } from '../../rules/evaluate';
import { message } from '../../schemas/messages';
import { maskAccount, pageWriter, signatoryOf } from '../documents/generatedDocuments';
import { registeredAddressOf } from '../merchants/registeredAddress';
import type { MerchantRecord } from '../merchants/store';

/** One section of the agreement: a heading and its paragraphs (plain text, the merchant's data already filled in). */
export interface AgreementSection {
  heading: string;
  paragraphs: string[];
}

/** The service agreement as text, before it is written as HTML or PDF: both come from this one content. */
export interface AgreementContent {
  title: string;
  /** Who is party to it: the merchant's legal name (PAN name), entity, registered address, MID, signatory. */
  parties: string[];
  sections: AgreementSection[];
  /** The signature block: who signs (and stamps, for a business). */
  signature: string[];
  /** An individual signs; a business signs and stamps. */
  individual: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const t = (key: string, params: Record<string, string | number> = {}) => message(`generated.agreement.${key}`, params);

/**
 * The service agreement filled from the merchant's record (onboarding spec sections 2, 4): the legal name is the PAN
 * name, the entity, the registered address (a business's own, never its signatory's home: registeredAddressOf), the
 * signing authority and the settlement account (masked, last four characters shown); the pricing is the plan chosen
 * on the portal. Texts are the message catalogue's `generated.agreement.*` (server only: the browser never downloads
 * them).
 */
export function agreementContent(record: MerchantRecord, now: Date): AgreementContent {
  const notOnRecord = message('generated.notOnRecord');
  const legalName = text(record.pancard_name) || text(record.business_name) || text(record.name) || notOnRecord;
  const entity = text((record.business_entity as { name?: string } | null)?.name) || notOnRecord;
  const individual = evaluateStatus(record, rulesConfig).agreementSignedByHolder === true;
  const address = registeredAddressOf(record);
  const addressLine = address ? `${address.address_line}, ${address.city}, ${address.state} ${address.pincode}` : notOnRecord;
  const signatory = signatoryOf(record);
  const signer = individual ? legalName : (signatory?.name ?? notOnRecord);
  const bank = record.bank_detail as { bank_account_number?: string; ifsc_code?: string; holder_name?: string } | null;
  const website = record.website_detail as { website_url?: string | null } | null;
  const date = now.toISOString().slice(0, 10);
  return {
    title: t('title'),
    individual,
    parties: [
      t('date', { date }),
      t('merchant', { name: legalName, mid: String(record.mid) }),
      t('entity', { entity }),
      t('pan', { pan: text(record.pancard_number) || notOnRecord }),
      t('address', { address: addressLine }),
      ...(individual ? [] : [t('signatory', { name: signer, pan: signatory?.pancard_number ?? notOnRecord })]),
    ],
    sections: [
      { heading: t('services.heading'), paragraphs: [t('services.body', { name: legalName }), t('services.channels', { website: text(website?.website_url) || t('services.noWebsite') })] },
      {
        heading: t('settlement.heading'),
        paragraphs: [
          t('settlement.body', {
            account: maskAccount(bank?.bank_account_number),
            ifsc: bank?.ifsc_code ?? notOnRecord,
            holder: bank?.holder_name ?? notOnRecord,
          }),
        ],
      },
      { heading: t('pricing.heading'), paragraphs: [t('pricing.body')] },
      { heading: t('kyc.heading'), paragraphs: [t('kyc.body')] },
      { heading: t('term.heading'), paragraphs: [t('term.body')] },
    ],
    signature: individual ? [t('signedBy', { name: signer }), message('generated.signHere')] : [t('signedFor', { name: legalName, signatory: signer }), message('generated.signHere'), message('generated.stampHere')],
  };
}

/** Text made safe inside HTML: the merchant's data is shown, never interpreted. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/**
 * The agreement as a standalone HTML page for reading in the acceptance frame (no scripts, no external resources: the
 * frame is sandboxed and the answer carries a CSP that forbids both). Every text is escaped.
 */
export function agreementHtml(content: AgreementContent): string {
  const paragraphs = (lines: readonly string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const sections = content.sections.map((section) => `<h2>${escapeHtml(section.heading)}</h2>\n${paragraphs(section.paragraphs)}`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; margin: 16px; overflow-wrap: anywhere; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 1.5rem; }
.parties p, .signature p { margin: 0.25rem 0; }
</style>
</head>
<body>
<h1>${escapeHtml(content.title)}</h1>
<div class="parties">
${paragraphs(content.parties)}
</div>
${sections}
<div class="signature" id="end">
${paragraphs(content.signature)}
</div>
</body>
</html>
`;
}

/** The agreement as a PDF (pdf-lib, A4), the same content as the HTML: what is downloaded and e-signed. */
export async function agreementPdf(content: AgreementContent, now: Date): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(content.title);
  pdf.setCreator('Merchant onboarding');
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);
  const writer = await pageWriter(pdf);
  writer.heading(content.title);
  for (const line of content.parties) writer.line(line);
  for (const section of content.sections) {
    writer.gap();
    writer.subheading(section.heading);
    for (const paragraph of section.paragraphs) writer.paragraph(paragraph);
  }
  writer.gap();
  writer.gap();
  for (const line of content.signature) writer.line(line);
  return Buffer.from(await pdf.save());
}
