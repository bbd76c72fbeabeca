export type BusinessEntity = { id: number; name: string };

/** Master data of business entities: the list and the PAN fourth-letter table. */
export interface BusinessEntityMaster {
  business_entities: readonly BusinessEntity[];
  pan_business_entity_mapping: Readonly<Record<string, readonly string[]>>;
}

/**
 * The entities a PAN may belong to, by its fourth letter (onboarding spec section 3).
 * Until the PAN is complete, or for a letter the table does not list, every entity is allowed.
 */
export function entitiesForPan(pan: string | undefined, master: BusinessEntityMaster): BusinessEntity[] {
  const all = master.business_entities.map(({ id, name }) => ({ id, name }));
  if (!pan || pan.length < 4) return all;
  const names = master.pan_business_entity_mapping[pan[3]!.toUpperCase()];
  return names ? all.filter((entity) => names.includes(entity.name)) : all;
}

/** The entity with this id, if the master data has it. */
export function entityById(id: number | undefined, master: BusinessEntityMaster): BusinessEntity | undefined {
  const found = master.business_entities.find((entity) => entity.id === id);
  return found && { id: found.id, name: found.name };
}
