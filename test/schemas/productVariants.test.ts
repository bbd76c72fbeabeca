import { describe, expect, it } from 'vitest';
import { AJV_CONFIG, AjvClass } from '../../schemas/ajv';
import en from '../../schemas/messages/en.json';
import navEn from '../../schemas/messages/nav.en.json';
import variants from '../../schemas/master/product-variants.json';
import schema from '../../schemas/master/product-variants.schema.json';
import { firstLoadPart } from '../../scripts/vite-plugin-first-load-json';

type Variant = (typeof variants.variants)[keyof typeof variants.variants];
const VARIANTS = Object.entries(variants.variants) as Array<[string, Variant]>;
const lookup = (data: unknown, path: string) => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data);

describe('schemas/master/product-variants.json', () => {
  it('follows its schema', () => {
    const validate = new AjvClass(AJV_CONFIG).compile(schema);
    expect(validate(variants), JSON.stringify(validate.errors)).toBe(true);
  });

  it('gives each host to one variant at most, the default none', () => {
    const hosts = VARIANTS.flatMap(([, variant]) => variant.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
    expect(variants.variants[variants.default as 'business'].hosts).toEqual([]);
    expect(hosts).toEqual(expect.arrayContaining(['money.localhost', 'now.localhost']));
  });

  it('names only entries it defines, each with a text of the catalogues and, for a link, an address of every variant that shows it', () => {
    for (const [name, variant] of VARIANTS) {
      for (const entryName of [...variant.headerTabs, ...variant.accountMenu, ...variant.integrationMenu, ...variant.settingsTabs]) {
        const entry = (variants.entries as Record<string, { label: string; link?: string }>)[entryName];
        expect(entry, `${name}: ${entryName}`).toBeDefined();
        expect(entry!.label in en || entry!.label in navEn, entry!.label).toBe(true);
        if (entry!.link) expect(lookup(variant, entry!.link), `${name}: ${entry!.link}`).toMatch(/^https:\/\//);
      }
    }
  });

  it('keeps the terms at {host}/tnc of the variant\'s own host', () => {
    for (const [, variant] of VARIANTS) expect(new URL(variant.terms).origin).toBe(new URL(variant.dashboard).origin);
  });

  it('ships in the first load only the paths $firstLoad names, each of which exists', () => {
    for (const path of variants.$firstLoad.filter((entry) => !entry.includes('*'))) expect(lookup(variants, path), path).toBeDefined();
    const part = firstLoadPart(variants as never) as { variants: Record<string, Record<string, unknown>>; entries: Record<string, unknown> };
    expect(Object.keys(part.variants.now!).sort()).toEqual(['headerTabs', 'hosts', 'links', 'name', 'product', 'terms']);
    expect(part.variants.now!.links).toEqual({ tdrBillingHistory: variants.variants.now.links.tdrBillingHistory });
    expect(part.variants.business!.links).toBeUndefined();
    expect(Object.keys(part.entries)).toEqual(['tdrBillingHistory']);
  });
});
