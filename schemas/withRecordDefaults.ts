import { allSchemas, merchantRecord } from './registry';
import { withSchemaDefaults } from './withSchemaDefaults';
import type { MerchantRecordFields } from './generated/merchantRecord';

/** The keys of a merchant record that schemas/records/merchant.json gives a default: all but those that identify it. */
export type RecordDefaults = Omit<MerchantRecordFields, 'uuid' | 'mid' | 'product'>;

/**
 * The merchant record with every key schemas/records/merchant.json gives a default for filled in where it is absent:
 * a record stored, or a fixture written, before the key existed means what it meant (a field added later is optional
 * with a default). Applied wherever a record is read (server/merchants/store.ts, the fixture runner) and before one is
 * stored, so stored rows hold every key.
 */
export function withRecordDefaults<T extends object>(record: T): T & RecordDefaults {
  return withSchemaDefaults(record, merchantRecord, allSchemas) as T & RecordDefaults;
}
