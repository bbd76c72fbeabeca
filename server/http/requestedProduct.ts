import type { FastifyRequest } from 'fastify';
import productVariants from '../../schemas/master/product-variants.json';
import { variantOfHost, type VariantHosts } from '../../common/productHosts';
import type { MerchantRecord } from '../../schemas/generated/merchantRecord';
import { merchantRecord } from '../../schemas/registry';

type Variant = keyof typeof productVariants.variants;
const variants = productVariants as VariantHosts<Variant> & typeof productVariants;

/**
 * The product the app was opened for (platform spec section 1: derived from the host), read from the request's host:
 * the app and its API share one origin, so the host a call reaches is the host the merchant opened. Behind a trusted
 * proxy, Fastify reads X-Forwarded-Host.
 */
export function requestedProduct(request: FastifyRequest): MerchantRecord['product'] {
  const { product } = variants.variants[variantOfHost(variants, request.hostname)];
  const known: readonly unknown[] = merchantRecord.properties.product.enum;
  if (!known.includes(product)) throw new Error(`product-variants.json names product ${product}, which schemas/records/merchant.json does not know`);
  return product as MerchantRecord['product'];
}

/** The terms link ({host}/tnc) of a product value; undefined for an unknown one. */
export const termsOf = (product: string): string | undefined => Object.values(variants.variants).find((variant) => variant.product === product)?.terms;
