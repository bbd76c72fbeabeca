import { compileLogic, truthy, type CompiledLogic } from '../../rules/compileLogic';
import type { Logic } from '../../rules/types';
import type { Merchant } from './api/types';
import { variantLink, type NavEntry } from './products';
import type { VariantData } from './productVariantData';

/** What the navigation entries' rules read (schemas/master/product-variants.json: `showWhen`, `disabledWhen`). */
export interface NavFacts {
  /** The user's permission names and scopes (platform spec section 6). */
  permissions: readonly string[];
  /** How many merchants the user acts for. */
  merchantCount: number;
  merchant?: Merchant;
}

/** One navigation item as drawn: its text key, and an /app path (`to`), an outside address (`href`) or an action. */
export interface NavItem {
  name: string;
  label: string;
  to?: string;
  href?: string;
  action?: 'logout';
  disabled: boolean;
}

const compiled = new Map<unknown, CompiledLogic>();
const holds = (rule: unknown, facts: NavFacts) => {
  if (!compiled.has(rule)) compiled.set(rule, compileLogic(rule as Logic));
  return truthy(compiled.get(rule)!(facts));
};

/** The entries `names` of a variant that show for these facts, in order; an entry whose link the variant lacks is left out. */
export function navItems(variant: VariantData, names: readonly string[], entries: Readonly<Record<string, NavEntry>>, facts: NavFacts): NavItem[] {
  return names.flatMap((name): NavItem[] => {
    const entry = entries[name];
    if (!entry || (entry.showWhen !== undefined && !holds(entry.showWhen, facts))) return [];
    const disabled = entry.disabledWhen !== undefined && holds(entry.disabledWhen, facts);
    const item: NavItem = { name, label: entry.label, disabled };
    if (entry.href) return [{ ...item, to: entry.href.replace(/^\/app(?=\/)/, '') }];
    if (entry.action) return [{ ...item, action: entry.action }];
    const href = variantLink(variant, entry.link);
    return href ? [{ ...item, href }] : [];
  });
}
