import firstLoad from '../../schemas/master/product-variants.json?first-load';
import { variantOfHost, type ProductVariant } from '../../common/productHosts';

/** Re-exported for the app's screens: the type lives with the host rule the server shares (common/productHosts.ts). */
export type { ProductVariant };

/** A navigation entry of the variants file: its text, where it goes (an /app path, or a path into the variant's data) and when it shows. */
export interface NavEntry {
  label: string;
  href?: string;
  link?: string;
  action?: 'logout';
  showWhen?: unknown;
  disabledWhen?: unknown;
}

/** What every screen's first load knows of a variant (the file's `$firstLoad` paths). */
export interface VariantSummary {
  product: string;
  name: string;
  hosts: string[];
  /** Its terms, {host}/tnc (platform spec section 9). */
  terms: string;
  /** The extra header tabs of the onboarding pages (entries' names). */
  headerTabs: string[];
  links: Partial<Record<string, string>>;
}

const variants = firstLoad as { default: ProductVariant; variants: Record<ProductVariant, VariantSummary>; entries: Record<string, NavEntry> };
const NAMES = Object.keys(variants.variants) as ProductVariant[];

/** The product values of `merchant.product` (platform spec section 1), by variant. */
export const PRODUCTS = Object.fromEntries(NAMES.map((name) => [name, variants.variants[name].product])) as Record<ProductVariant, string>;

/** The variant of a merchant's product value; undefined for none or an unknown one. */
export function productVariant(value: unknown): ProductVariant | undefined {
  return NAMES.find((variant) => PRODUCTS[variant] === value);
}

/**
 * The variant the app is opened as, from its host (platform spec section 1: the money host gives the money product,
 * the now host the lightweight one, any other the business gateway).
 */
export function hostVariant(hostname: string = window.location.hostname): ProductVariant {
  return variantOfHost(variants, hostname);
}

/** A variant's first-load data: product value, name, hosts, terms link, header tabs (the rest: productVariantData.ts). */
export function variantOf(variant: ProductVariant): VariantSummary {
  return variants.variants[variant];
}

/** The value at a dotted path of a variant's data (an entry's `link`), if a string. */
export function variantLink(data: object, path: string | undefined): string | undefined {
  let value: unknown = data;
  for (const key of path?.split('.') ?? []) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The extra onboarding header tabs of a merchant's product (TDR Billing History for the now product): text key and address. */
export function headerTabsOf(product: unknown): Array<{ label: string; href: string }> {
  const variant = productVariant(product);
  if (!variant) return [];
  const data = variantOf(variant);
  return data.headerTabs.flatMap((name) => {
    const entry = variants.entries[name];
    const href = entry && variantLink(data, entry.link);
    return entry && href ? [{ label: entry.label, href }] : [];
  });
}
