import bankFormEntities from '../../../schemas/master/bank-form-entities.json';
import { createValidator } from '../../../renderer/createValidator';
import { bankFormContext, lockedEntityFields, type BankFormContext } from '../../../schemas/bankFormContext';
import { bankFormUi, holderNameFixed, holderNameFrom } from '../../../schemas/bankFormUi';
import { resolvedConditionals } from '../../../schemas/resolvedConditionals';
import { businessEntities, stepForms } from '../../../schemas/registry';
import type { FieldErrors, JsonSchema, UiSchema } from '../../../schemas/types';
import { withFieldOptions } from '../../../schemas/withFieldOptions';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';

/** The bank form's data (schemas/steps/bank-details.json); `$context` is the merchant's. */
export interface BankFormData {
  business_registered?: boolean;
  business_entity_id?: number;
  business_name?: string;
  pancard_name?: string;
  pancard_number?: string;
  holder_name?: string;
  bank_account_number?: string;
  ifsc_code?: string;
  $context?: BankFormContext;
}

const STEP = 'bank-details';
const UNREGISTERED_ENTITY_ID = bankFormEntities.unregistered_entity_id;
const BANK_FORM_ENTITIES = businessEntities.business_entities.filter((entity) => entity.bank_form);

/** The step schema resolved for `data` (see resolvedConditionals); the step's precompiled validator evaluates its conditions. */
function resolvedFor(data: BankFormData) {
  const { schema } = stepForm();
  const validator = createValidator(schema);
  return resolvedConditionals(schema, data, (condition, value) => validator.isValid(condition, value, schema));
}

const stepForm = () => stepForms[STEP]!;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The data without the fields the schema rules out for it (the Individual's business name and PAN number). */
function withoutExcluded(data: BankFormData): BankFormData {
  const excluded = new Set(resolvedFor(data).excluded);
  return Object.fromEntries(Object.entries(data).filter(([name]) => !excluded.has(name))) as BankFormData;
}

/** The read-only holder name follows its entity's source field; a choice or an editable one is the merchant's. */
function withHolderName(data: BankFormData): BankFormData {
  if (!data.$context || !holderNameFixed(data.$context)) return data;
  const source = holderNameFrom(data.business_entity_id) as keyof BankFormData & keyof BankFormContext;
  const holder = text(data[source]) ?? text(data.$context[source]);
  return holder === undefined ? data : { ...data, holder_name: holder };
}

/** The form data of the merchant's saved bank detail, entity and names, with the merchant's `$context`. */
export function bankFormDataOf(merchant: Merchant): BankFormData {
  const bank = (merchant.bank_detail ?? {}) as Record<string, unknown>;
  const entityId = BANK_FORM_ENTITIES.some((entity) => entity.id === merchant.business_entity_id) ? (merchant.business_entity_id as number) : undefined;
  const data: BankFormData = {
    ...(entityId === undefined ? {} : { business_registered: entityId !== UNREGISTERED_ENTITY_ID, business_entity_id: entityId }),
    business_name: text(merchant.business_name),
    pancard_name: text(merchant.pancard_name),
    pancard_number: text(merchant.pancard_number),
    holder_name: text(bank.holder_name),
    bank_account_number: text(bank.bank_account_number),
    ifsc_code: text(bank.ifsc_code),
    $context: bankFormContext(merchant),
  };
  const defined = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as BankFormData;
  return withHolderName(withoutExcluded(defined));
}

/**
 * After a change: not registered means Individual; answering Yes after No asks for the type again; fields the chosen
 * entity does not have are dropped, and those it has again come back from `saved` (the form's starting data, which
 * the form drops while they are not shown); a read-only holder name follows its source field.
 */
export function adjustBankData(next: BankFormData, previous: BankFormData, saved: BankFormData): BankFormData {
  let adjusted = next;
  if (next.business_registered === false) adjusted = { ...adjusted, business_entity_id: UNREGISTERED_ENTITY_ID };
  else if (next.business_registered === true && previous.business_registered === false && next.business_entity_id === UNREGISTERED_ENTITY_ID) {
    const { business_entity_id: _cleared, ...rest } = adjusted;
    adjusted = rest;
  }
  const shown = withoutExcluded({ ...saved, ...adjusted });
  return withHolderName(Object.fromEntries(Object.entries(shown).filter(([name]) => name in adjusted || !(name in previous))) as BankFormData);
}

/**
 * The form's schema and uiSchema for the data so far: the bank-form entities as registration types, the holder name
 * choices, the fields of the chosen entity only, its labels and hints (schemas/master/bank-form-entities.json), and
 * the entity fields read-only for migrated money-product merchants with a PAN.
 */
export function bankFormFor(data: BankFormData, merchant: Merchant): { schema: JsonSchema; uiSchema: UiSchema } {
  const { uiSchema: stepUiSchema } = stepForm();
  const context = data.$context ?? bankFormContext(merchant);
  const resolved = resolvedFor({ ...data, $context: context }).schema;
  // The form offers concrete choices (oneOf) where the server checks with `enum` and `$data`, which rjsf cannot render.
  const { enum: _entityIds, ...entityField } = (resolved.properties as Record<string, JsonSchema>).business_entity_id!;
  const allOf = (resolved.allOf as JsonSchema[]).filter((entry) => !JSON.stringify(entry).includes('"$data"'));
  let schema = withFieldOptions(
    { ...resolved, allOf, properties: { ...(resolved.properties as Record<string, JsonSchema>), business_entity_id: entityField } },
    'business_entity_id',
    BANK_FORM_ENTITIES.map(({ id, name }) => ({ value: id, label: name })),
  );
  if (context.holder_name_choices.length > 0) {
    schema = withFieldOptions(schema, 'holder_name', context.holder_name_choices.map((name) => ({ value: name, label: name })));
  }
  let uiSchema = bankFormUi(stepUiSchema, data.business_entity_id, context, lockedEntityFields(merchant));
  // Not registered: the entity is Individual, nothing to choose.
  if (data.business_registered !== true) uiSchema = { ...uiSchema, business_entity_id: { 'ui:widget': 'hidden' } };
  return { schema, uiSchema };
}

/** The POST body's bank_detail: the form data without `$context`, which the server takes from the record. */
export function bankBodyOf(values: BankFormData): Omit<BankFormData, '$context'> {
  const { $context: _context, ...body } = values;
  return body;
}

/** The keys whose first message a failed bank submit shows (spec section 8); this server files the last one unprefixed. */
const SUBMIT_PROBLEM_KEYS = ['bank_account', 'bank_details', 'bank_detail.bank_account_number', 'bank_account_number'];

/** The text of a failed bank submit: the first message of the spec's keys, else the generic text. */
export function bankSubmitProblem(errors: FieldErrors | undefined): string {
  const key = SUBMIT_PROBLEM_KEYS.find((candidate) => errors?.[candidate]?.[0]);
  return key ? errors![key]![0]! : t('bank.submitFailed');
}
