/** The 36 characters of a GSTIN, in the order of their values for the check character. */
const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character (15th) of a GSTIN from its first 14 characters: each character's value is
 * multiplied by 1 and 2 alternately, the product's base-36 digits are added up, and the check is what
 * brings the sum to a multiple of 36. Null when a character is not a digit or upper-case letter.
 */
export function gstinCheckCharacter(first14: string): string | null {
  let sum = 0;
  for (let index = 0; index < first14.length; index += 1) {
    const value = CHARACTERS.indexOf(first14[index]!);
    if (value < 0) return null;
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** Whether a 15-character GSTIN ends with the check character of its first 14. */
export function hasValidGstinChecksum(gstin: string): boolean {
  return gstin.length === 15 && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}
