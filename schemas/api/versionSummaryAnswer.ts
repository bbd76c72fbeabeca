import type { FromSchema } from 'json-schema-to-ts';

/**
 * A version of the document requirements as the operations console lists it (GET /api/v1/ops/requirements
 * `versions`): the server's response schema, and the type both sides use.
 */
export const versionSummarySchema = {
  type: 'object',
  required: ['version', 'status', 'note', 'author', 'created_at', 'published_at', 'published_by', 'pinned_merchants'],
  properties: {
    version: { type: 'integer' },
    status: { enum: ['draft', 'published', 'retired'] },
    note: { type: 'string' },
    author: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    published_at: { type: ['string', 'null'], format: 'date-time' },
    published_by: { type: ['string', 'null'] },
    pinned_merchants: { type: 'integer', description: 'Merchants who submitted documents against this version and keep it.' },
  },
  additionalProperties: false,
} as const;

/** A version as the console lists it ({@link versionSummarySchema}). */
export type VersionSummary = FromSchema<typeof versionSummarySchema>;

/** Where a version stands: a draft, the published one, or one published before. */
export type VersionStatus = VersionSummary['status'];

/**
 * The answer of GET /api/v1/ops/document-requirements: the published version, every version ({@link versionSummarySchema}),
 * the requirements by entity and how many merchants follow the published version.
 */
export const requirementsAnswerSchema = {
  type: 'object',
  required: ['published', 'versions', 'entities', 'following_published'],
  properties: {
    published: { type: 'object', additionalProperties: true },
    versions: { type: 'array', items: versionSummarySchema },
    entities: { type: 'array', items: { type: 'object', additionalProperties: true } },
    following_published: { type: 'integer' },
  },
  additionalProperties: false,
} as const;
