import { isKnownAreaCode } from './areaCodeKnown';
import { stringCheckKeyword } from './stringCheckKeyword';

/**
 * `"areaCodeKnown": true` — a shop-registration area code of the master table (schemas/master/area-codes.json), the
 * list the form offers, so that the browser and the server refuse any other alike. Blank is for `minLength` to report.
 */
export const areaCodeKnownKeyword = stringCheckKeyword({
  keyword: 'areaCodeKnown',
  module: new URL('./areaCodeKnown.ts', import.meta.url),
  exportName: 'isKnownAreaCode',
  check: isKnownAreaCode,
  blankPasses: true,
});
