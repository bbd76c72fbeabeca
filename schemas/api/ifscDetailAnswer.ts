import type { FromSchema } from 'json-schema-to-ts';

/**
 * A branch of the IFSC directory as GET /api/v1/ifsc_details/{ifsc} (`ifsc_detail`) and .../branches (`ifsc_details`)
 * answer it (onboarding spec section 3, IFSC lookup): the server's response schema, and the type both sides use.
 */
export const ifscDetailSchema = {
  type: 'object',
  required: ['ifsc_code', 'bank_name', 'branch_name', 'city', 'state', 'address'],
  properties: {
    ifsc_code: { type: 'string' },
    bank_name: { type: 'string' },
    branch_name: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    address: { type: 'string' },
    in_directory: { type: 'boolean', description: 'False for a real code the directory lacks: the bank is known, the branch fields are empty.' },
  },
  additionalProperties: false,
} as const;

/** A branch of the IFSC directory ({@link ifscDetailSchema}). */
export type IfscDetail = FromSchema<typeof ifscDetailSchema>;

/** The answer of GET /api/v1/ifsc_details/{ifsc}. */
export const ifscDetailAnswerSchema = {
  type: 'object',
  required: ['ifsc_detail'],
  properties: { ifsc_detail: ifscDetailSchema },
  additionalProperties: false,
} as const;

/** The answer of GET /api/v1/ifsc_details/branches. */
export const ifscBranchesAnswerSchema = {
  type: 'object',
  required: ['ifsc_details'],
  properties: { ifsc_details: { type: 'array', items: ifscDetailSchema } },
  additionalProperties: false,
} as const;
