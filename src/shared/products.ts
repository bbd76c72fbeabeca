/** The product values of `merchant.product` (platform spec section 1), by variant: business gateway, money product, lightweight product. */
export const PRODUCTS = { business: 'PayUbiz', money: 'PayUmoney', now: 'PayUnow' } as const;

/** A product variant's name (the key of PRODUCTS). */
export type ProductVariant = keyof typeof PRODUCTS;

/** The variant of a merchant's product value; undefined for none or an unknown one. */
export function productVariant(value: unknown): ProductVariant | undefined {
  return (Object.keys(PRODUCTS) as ProductVariant[]).find((variant) => PRODUCTS[variant] === value);
}
