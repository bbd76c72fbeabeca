/** Black or white, whichever reads better on a #rrggbb background (WCAG relative luminance). */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!match) return '#ffffff';
  const linear = match.slice(1).map((hex) => {
    const channel = parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!;
  // Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05: equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
