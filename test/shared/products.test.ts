import { describe, expect, it } from 'vitest';
import variants from '../../schemas/master/product-variants.json';
import { headerTabsOf, hostVariant, PRODUCTS, productVariant, variantOf } from '../../src/shared/products';
import { variantData } from '../../src/shared/productVariantData';

describe('hostVariant()', () => {
  it.each([
    ['www.payumoney.com', 'money'],
    ['payumoney.com', 'money'],
    ['money.localhost', 'money'],
    ['now.payu.in', 'now'],
    ['now.localhost', 'now'],
    ['NOW.LOCALHOST', 'now'],
    ['payu.in', 'business'],
    ['localhost', 'business'],
    ['127.0.0.1', 'business'],
    ['evil-now.localhost.example', 'business'],
  ])('opens %s as the %s product', (host, variant) => {
    expect(hostVariant(host)).toBe(variant);
  });

  it('reads the page\'s own host by default', () => {
    expect(hostVariant()).toBe('business'); // jsdom's localhost
  });
});

describe('the product variants', () => {
  it('map product values to variants and back', () => {
    expect(PRODUCTS).toEqual({ business: 'PayUbiz', money: 'PayUmoney', now: 'PayUnow' });
    expect(productVariant('PayUnow')).toBe('now');
    expect(productVariant('PayU')).toBeUndefined();
    expect(productVariant(null)).toBeUndefined();
  });

  it('give each variant its name and terms on the first load, and its whole data lazily', () => {
    expect(variantOf('money')).toMatchObject({ name: variants.variants.money.name, terms: 'https://www.payumoney.com/tnc' });
    expect(variantData('now')).toEqual(variants.variants.now);
  });

  it('add TDR Billing History, an outside link, to the onboarding tabs of the now product only', () => {
    expect(headerTabsOf('PayUnow')).toEqual([{ label: 'onboarding.tabs.tdr', href: variants.variants.now.links.tdrBillingHistory }]);
    expect(headerTabsOf('PayUbiz')).toEqual([]);
    expect(headerTabsOf('PayUmoney')).toEqual([]);
    expect(headerTabsOf(undefined)).toEqual([]);
  });
});
