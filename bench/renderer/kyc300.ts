import type { JsonSchema, UiSchema } from '../../schemas/types';

/** The `$id` of the generated schema, under which its validator is precompiled like a step's. */
export const KYC300_ID = 'https://onboarding.local/bench/kyc-300.json';

/** Sections and fields per section of the generated form. */
export const SECTIONS = 6;
export const FIELDS_PER_SECTION = 50;

const PAN = '^[A-Z]{5}[0-9]{4}[A-Z]$';
const IFSC = '^[A-Z]{4}0[A-Z0-9]{6}$';
const PINCODE = '^[1-9][0-9]{5}$';
const DISTRICTS = Array.from({ length: 250 }, (_, index) => `District ${String(index + 1).padStart(3, '0')}`);
const SMALL_ENUM = ['Proprietor', 'Partner', 'Director', 'Trustee', 'Karta'];

/** The JSON Schema of one field, by its position in a section: a repeating mix of the shapes KYC forms have. */
function fieldSchema(index: number): JsonSchema {
  switch (index % 10) {
    case 0:
      return { type: 'string', title: `PAN ${index}`, pattern: PAN, minLength: 1 };
    case 1:
      return { type: 'string', title: `IFSC ${index}`, pattern: IFSC, minLength: 1 };
    case 2:
      return { type: 'string', title: `Pincode ${index}`, pattern: PINCODE, minLength: 1 };
    case 3:
      return { type: 'string', title: `Role ${index}`, enum: SMALL_ENUM };
    case 4:
      return { type: 'integer', title: `Years ${index}`, minimum: 0, maximum: 99 };
    case 5:
      return { type: 'boolean', title: `Consent ${index}` };
    case 6:
      return index === 6 ? { type: 'string', title: `District ${index}`, enum: DISTRICTS } : { type: 'string', title: `Email ${index}`, format: 'email' };
    default:
      return { type: 'string', title: `Name ${index}`, minLength: 1, maxLength: 100 };
  }
}

/** The field names of a section: `f00` … `f49`. */
export function fieldName(index: number): string {
  return `f${String(index).padStart(2, '0')}`;
}

/** "KYC-300": 6 sections × 50 fields with PAN/IFSC/pincode patterns, enums (one of 250 options), numbers, booleans. */
export function kyc300Schema(): JsonSchema {
  const sections: Record<string, JsonSchema> = {};
  for (let section = 1; section <= SECTIONS; section++) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (let index = 0; index < FIELDS_PER_SECTION; index++) {
      const schema = fieldSchema(index);
      properties[fieldName(index)] = schema;
      if (schema.type === 'string' && index % 10 !== 6) required.push(fieldName(index));
    }
    sections[`section${section}`] = { type: 'object', title: `Section ${section}`, required, properties };
  }
  return { $id: KYC300_ID, type: 'object', title: 'KYC-300', required: Object.keys(sections), properties: sections };
}

/** Its uiSchema: the theme's defaults except a submit text; the same for every renderer that takes one. */
export function kyc300UiSchema(): UiSchema {
  return { 'ui:submitButtonOptions': { submitText: 'Submit' } };
}

/** What the benchmark types: 40 characters in four text fields spread over the form (PAN, IFSC, name, pincode). */
export const TYPING: readonly { section: number; field: string; text: string }[] = [
  { section: 1, field: fieldName(7), text: 'Ananya Sha' },
  { section: 2, field: fieldName(10), text: 'ABCPE1234F' },
  { section: 4, field: fieldName(21), text: 'HDFC000123' },
  { section: 6, field: fieldName(32), text: '5600011234' },
];

/** The DOM id rjsf gives a field (idPrefix `root`, separator `_`); the plain form uses the same ids. */
export function fieldId(section: number, field: string): string {
  return `root_section${section}_${field}`;
}
