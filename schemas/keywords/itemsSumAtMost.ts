/**
 * Whether the numbers at `property` of a list's items add up to at most `maximum`, to a millionth (so 33.33 + 33.33 +
 * 33.34 is 100, not a float's 100.00000000000001). A number outside 0 to `maximum` is left to its own range check,
 * and counts as 0, as does an item without one: a single share of 120 % is that share's error, not the total's.
 */
export function itemsSumAtMost(items: readonly unknown[], property: string, maximum: number): boolean {
  const total = items.reduce<number>((sum, item) => {
    const value = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[property] : undefined;
    return sum + (typeof value === 'number' && value >= 0 && value <= maximum ? value : 0);
  }, 0);
  return Math.round(total * 1e6) <= Math.round(maximum * 1e6);
}
