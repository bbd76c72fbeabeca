import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import rulesConfig from '../../rules/config';
import type { DocumentRulesConfig, RulesConfig } from '../../rules/types';
import type { AjvInstance } from '../../schemas/ajv';
import { toFieldErrors } from '../../schemas/fieldErrors';

/** Whose document a category is: the business, its signing authority or its beneficial owners. */
export type DocumentOwner = 'company' | 'signing_authority' | 'beneficial_owner';

/** One category's configuration (schemas/documents/document-catalogue.schema.json). */
export interface CategoryConfig {
  label: string;
  /** Absent in versions stored before owners existed: the company's (the schema's default). */
  owner?: DocumentOwner;
  tooltipText?: string;
  maxFileSizeLimit: number;
  /** The document the portal writes for the merchant to sign; `esign`: it may be e-signed with the service agreement. */
  template?: { call: string; label: string; esign?: boolean };
  uploadLabel?: string;
  subCategory: { modalTitle: string; value: string[]; uploadFrontAndBack: string[]; uploadMultiple: string[]; coachMark?: string } | null;
}

/** One document type or sub-category. */
export interface TypeConfig {
  id?: number;
  label: string;
  subLabel?: string;
  coachMark?: string;
  modalTitle?: string;
  modalDescription?: string;
  backOptional?: boolean;
  sideLabels?: { front: string; back: string };
}

/** The document catalogue (schemas/documents/document-catalogue.json). */
export interface DocumentCatalogue {
  categories: Record<string, CategoryConfig>;
  types: Record<string, TypeConfig>;
}

/** The document requirements in force: the catalogue, the per-entity matrix, and the rules configuration using it. */
export interface Requirements {
  /** 1 for the shipped data; the operations console's published versions count on from it. */
  version: number;
  catalogue: DocumentCatalogue;
  documents: DocumentRulesConfig;
  /** The shipped step and status rules with this version's documents matrix: what `documentRequirementsFor` evaluates. */
  rules: RulesConfig;
}

/**
 * Where the server reads the document requirements from: the shipped files ({@link shippedRequirements}), or the
 * versions operations staff publish (server/documents/requirementVersions.ts).
 */
export interface RequirementsSource {
  /** The requirements in force for new and in-progress merchants (the published version). */
  current(): Promise<Requirements>;
  /** A merchant's (by uuid or mid): the version their documents were submitted against, else the published one. */
  forMerchant(id: string): Promise<Requirements>;
}

const CATALOGUE_FILE = fileURLToPath(new URL('../../schemas/documents/document-catalogue.json', import.meta.url));
const MATRIX_FILE = fileURLToPath(new URL('../../rules/documents.json', import.meta.url));
const CATALOGUE_SCHEMA_ID = 'https://onboarding.local/schemas/documents/document-catalogue.schema.json';

/**
 * The shipped requirements (version 1): the catalogue and the matrix read from their files at the first call (not
 * bundled as constants, so the source can be switched to published versions without touching its callers), checked
 * against the catalogue's schema and against each other (every category and type the matrix names exists).
 */
export function shippedRequirements(ajv: AjvInstance): RequirementsSource {
  let loading: Promise<Requirements> | undefined;
  return {
    forMerchant() {
      return this.current();
    },
    current() {
      loading ??= (async () => {
        const catalogue = JSON.parse(await readFile(CATALOGUE_FILE, 'utf8')) as DocumentCatalogue;
        const documents = JSON.parse(await readFile(MATRIX_FILE, 'utf8')) as DocumentRulesConfig;
        const problems = requirementsProblems(ajv, catalogue, documents);
        if (problems.length) throw new Error(`The document requirements are not valid:\n- ${problems.join('\n- ')}`);
        return { version: 1, catalogue, documents, rules: { ...rulesConfig, documents } };
      })();
      return loading;
    },
  };
}

/** What is wrong with a catalogue and matrix: schema errors by path, and categories or types the matrix names that the catalogue lacks. */
export function requirementsProblems(ajv: AjvInstance, catalogue: unknown, documents: DocumentRulesConfig): string[] {
  const validate = ajv.getSchema(CATALOGUE_SCHEMA_ID);
  if (!validate) throw new Error(`${CATALOGUE_SCHEMA_ID} is not registered`);
  if (!validate(catalogue)) return Object.entries(toFieldErrors(validate.errors)).map(([path, messages]) => `${path || '(root)'}: ${messages.join(', ')}`);
  const { categories, types } = catalogue as DocumentCatalogue;
  const problems: string[] = [];
  for (const [code, category] of Object.entries(categories)) {
    for (const type of category.subCategory?.value ?? []) if (!types[type]) problems.push(`categories.${code}: type ${type} is not in types`);
  }
  for (const [index, requirement] of documents.requirements.entries()) {
    const category = categories[requirement.category];
    if (!category) {
      problems.push(`requirements.${index}: category ${requirement.category} is not in the catalogue`);
      continue;
    }
    for (const type of requirement.types ?? []) {
      if (!category.subCategory?.value.includes(type)) problems.push(`requirements.${index}: ${requirement.category} does not offer type ${type}`);
    }
  }
  return problems;
}
