import signatoryTitles from './master/signatory-titles.json';

/** The catalogue key of the signing authority's title for an entity (Partner, Director, Member), or null when it has none. */
export function signatoryTitleKey(entityName: string | null | undefined, master = signatoryTitles): string | null {
  if (!entityName) return null;
  return master.titles.find((entry) => entry.entities.includes(entityName))?.title ?? null;
}

/** Whether the signing authority of an entity must give a CIN (or LLPIN). */
export function cinRequiredFor(entityId: number | null | undefined, master = signatoryTitles): boolean {
  return entityId != null && master.cin_required_entity_ids.includes(entityId);
}
