export type BusinessEntity = { id: number; name: string };

/**
 * Master data of business entities: the list and the PAN fourth-letter table (which entities a PAN allows is the PAN
 * step definition's rule, schemas/steps/pan-details.step.json `let.allowed`).
 */
export interface BusinessEntityMaster {
  business_entities: readonly BusinessEntity[];
  pan_business_entity_mapping: Readonly<Record<string, readonly string[]>>;
}

/** The entity with this id, if the master data has it. */
export function entityById(id: number | undefined, master: BusinessEntityMaster): BusinessEntity | undefined {
  const found = master.business_entities.find((entity) => entity.id === id);
  return found && { id: found.id, name: found.name };
}
