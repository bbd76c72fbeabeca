import file from '../../schemas/master/product-variants.json';
import type { NavEntry, ProductVariant, VariantSummary } from './products';

/** All a variant changes: besides its first-load summary, its dashboard, help and page links and its menus. */
export interface VariantData extends VariantSummary {
  dashboard: string;
  help: string;
  links: Record<string, string>;
  accountMenu: string[];
  integrationMenu: string[];
  settingsTabs: string[];
}

const data = file as unknown as { variants: Record<ProductVariant, VariantData>; entries: Record<string, NavEntry> };

/**
 * A variant's whole data (schemas/master/product-variants.json). A lazy chunk's import: the first load reads only
 * `variantOf` (products.ts).
 */
export function variantData(variant: ProductVariant): VariantData {
  return data.variants[variant];
}

/** The navigation entries of the variants file, by name. */
export const NAV_ENTRIES: Readonly<Record<string, NavEntry>> = data.entries;
