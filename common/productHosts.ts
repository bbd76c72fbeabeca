/** A product variant (schemas/master/product-variants.json): the business gateway, the money product, the lightweight product. */
export type ProductVariant = 'business' | 'money' | 'now';

/** What choosing a variant by host reads of the variants data (schemas/master/product-variants.json). */
export interface VariantHosts<V extends string> {
  default: V;
  variants: Record<V, { hosts: readonly string[] }>;
}

/**
 * The variant a host selects (platform spec section 1: the money host gives the money product, the now host the
 * lightweight one, any other the default): the variant listing the host, else the default. Kept apart from the data
 * so the browser passes the first-load part of the file and the server the whole file.
 */
export function variantOfHost<V extends string>(data: VariantHosts<V>, hostname: string): V {
  const host = hostname.toLowerCase();
  return (Object.keys(data.variants) as V[]).find((variant) => data.variants[variant].hosts.includes(host)) ?? data.default;
}
