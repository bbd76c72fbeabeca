import type { FastifyRequest } from 'fastify';
import productVariants from '../../schemas/master/product-variants.json';
import { variantOfHost, type VariantHosts } from '../../common/productHosts';

type Variant = keyof typeof productVariants.variants;
const variants = productVariants as VariantHosts<Variant> & typeof productVariants;

/**
 * The product the app was opened for (platform spec section 1: derived from the host), read from the request's host:
 * the app and its API share one origin, so the host a call reaches is the host the merchant opened. Behind a trusted
 * proxy, Fastify reads X-Forwarded-Host.
 */
export const requestedProduct = (request: FastifyRequest): string => variants.variants[variantOfHost(variants, request.hostname)].product;

/** The terms link ({host}/tnc) of a product value; undefined for an unknown one. */
export const termsOf = (product: string): string | undefined => Object.values(variants.variants).find((variant) => variant.product === product)?.terms;
