import areaCodesMaster from '../master/area-codes.json';

const AREA_CODES = new Set(areaCodesMaster.area_codes.map((area) => area.code));

/** Whether `code` is the code of a shop-registration area of the master table (schemas/master/area-codes.json). */
export function isKnownAreaCode(code: string): boolean {
  return AREA_CODES.has(code);
}
