import { describe, expect, it } from 'vitest';
import { normalizeData, normalizers, normalizeText } from '../../../rules/steps/normalizers';

describe('normalizers (ui:normalize)', () => {
  it('upper-cases and compacts codes, and drops the separators of an account number', () => {
    expect(normalizeText(' 27aaacn4521k1z5 ', ['upper', 'compact'])).toBe('27AAACN4521K1Z5');
    expect(normalizeText('5010 0123-4567 89', ['noSeparators'])).toBe('50100123456789');
    expect(normalizeText('Asha Verma', [])).toBe('Asha Verma');
  });

  it('takes an Indian mobile number as its 10 digits, and leaves anything else for the schema to judge', () => {
    for (const typed of ['98765 43210', '+91 98765 43210', '+919876543210', '91-98765-43210', '09876543210', '(98765) 43210']) {
      expect(normalizeText(typed, ['mobile']), typed).toBe('9876543210');
    }
    expect(normalizeText(' 12345 ', ['mobile'])).toBe('12345');
    expect(normalizeText('919876543', ['mobile'])).toBe('919876543');
  });

  it('takes a rupee amount as typed or copied from a statement as its digits, and leaves anything else for the schema to judge', () => {
    for (const typed of ['₹2.38', '₹ 2.38', 'Rs 2.38', 'Rs. 2.38', 'rs.2.38', 'INR 2.38', '2.38 INR', '2.38/-', 'Rs. 2.38/-', ' 2 .38 ', '2.38 rupees']) {
      expect(normalizeText(typed, ['amount']), typed).toBe('2.38');
    }
    expect(normalizeText('₹2/-', ['amount'])).toBe('2');
    expect(normalizeText('₹1,00,000.50', ['amount'])).toBe('100000.50');
    expect(normalizeText('Rs 100,000', ['amount'])).toBe('100000');
    // A text longer than any amount (a hostile body) is left as it is, unscanned, for the schema to refuse.
    const long = `₹${' '.repeat(200)}2.38`;
    expect(normalizeText(long, ['amount'])).toBe(long);
    // A comma that is no thousands separator (a decimal comma) is left for the schema to refuse, not read as ₹238.
    expect(normalizeText('2,38', ['amount'])).toBe('2,38');
    expect(normalizeText('two rupees', ['amount'])).toBe('two');
    expect(normalizeText('₹', ['amount'])).toBe('');
  });

  it('normalises the fields of a body that the uiSchema names, in objects and list items, and nothing else', () => {
    const uiSchema = {
      gst_number: { 'ui:normalize': ['upper'] },
      business_name: { 'ui:title': 'x' },
      owners: { items: { pancard_number: { 'ui:normalize': ['upper', 'compact'] } } },
    };
    const body = { gst_number: '27aaacn4521k1z5', business_name: 'nimbus', owners: [{ name: 'asha', pancard_number: 'abcpe 1234f' }] };
    expect(normalizeData(body, uiSchema)).toEqual({
      gst_number: '27AAACN4521K1Z5',
      business_name: 'nimbus',
      owners: [{ name: 'asha', pancard_number: 'ABCPE1234F' }],
    });
    const clean = { gst_number: '27AAACN4521K1Z5', business_name: 'nimbus' };
    expect(normalizeData(clean, uiSchema)).toBe(clean);
  });
});

describe('the webAddress normaliser', () => {
  it('puts https:// in front of a web address typed without its scheme, once it reads as a host with a suffix', () => {
    expect(normalizers.webAddress('janakitchens.in')).toBe('https://janakitchens.in');
    expect(normalizers.webAddress('www.jana-kitchens.co.in/menu?x=1')).toBe('https://www.jana-kitchens.co.in/menu?x=1');
    expect(normalizers.webAddress(' janakitchens.in ')).toBe('https://janakitchens.in');
  });

  it('leaves what is being typed, and an address with a scheme, as they are', () => {
    expect(normalizers.webAddress('janakitchens')).toBe('janakitchens');
    expect(normalizers.webAddress('janakitchens.')).toBe('janakitchens.');
    expect(normalizers.webAddress('janakitchens.i')).toBe('janakitchens.i');
    expect(normalizers.webAddress('http://janakitchens.in')).toBe('http://janakitchens.in');
    expect(normalizers.webAddress('https://janakitchens.in')).toBe('https://janakitchens.in');
    expect(normalizers.webAddress('ftp://janakitchens.in')).toBe('ftp://janakitchens.in');
    expect(normalizers.webAddress('not a web address')).toBe('notawebaddress');
  });

  it('is the same once applied twice (the form normalises while typing, the server the body again)', () => {
    for (const text of ['janakitchens.in', 'www.x.co/a', 'http://x.co', 'abc']) expect(normalizers.webAddress(normalizers.webAddress(text))).toBe(normalizers.webAddress(text));
  });
});
