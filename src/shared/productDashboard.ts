import { variantData } from './productVariantData';
import { productVariant } from './products';

/** The product dashboard COLLECT PAYMENTS leads to (schemas/master/product-variants.json); the business one by default. */
export function productDashboardUrl(product: unknown): string {
  return variantData(productVariant(product) ?? 'business').dashboard;
}
