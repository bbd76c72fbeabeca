import { merchantRecord } from '../../schemas/registry';
import type { MerchantRecord } from './store';

/** The business entity as the merchant record stores it (schemas/records/merchant.json business_entity). */
export type RecordEntity = NonNullable<MerchantRecord['business_entity']>;

const ENTITY_NAMES: readonly unknown[] = merchantRecord.$defs.entityName.enum;

/**
 * An entity of schemas/master/business-entities.json as the record stores it: its id and name. Throws for a name the
 * record schema does not know (test/schemas/withRecordDefaults.test.ts holds the two lists equal).
 */
export function recordEntity(entity: { id: number; name: string }): RecordEntity {
  if (!ENTITY_NAMES.includes(entity.name)) throw new Error(`Business entity ${entity.name} is not an entity of schemas/records/merchant.json`);
  return { id: entity.id, name: entity.name as RecordEntity['name'] };
}
