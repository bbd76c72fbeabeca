/** Whether a 15-character GSTIN carries the PAN as its characters 3 to 12; other lengths are left to the format check. */
export function gstinMatchesPan(gstin: string, pan: string): boolean {
  return gstin.length !== 15 || gstin.slice(2, 12).toUpperCase() === pan.toUpperCase();
}
