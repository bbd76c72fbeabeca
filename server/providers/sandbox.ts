import type { PennyTimings } from '../config';
import type { Queryable } from '../db/database';
import { sandboxPennyProvider } from './sandboxPenny';
import { sandboxIdentityProvider } from './sandboxIdentity';
import { sandboxUpiVerificationProvider } from './sandboxUpi';
import { areaCodes } from '../merchants/businessCategories';
import { gstinCheckCharacter, hasValidGstinChecksum } from '../../schemas/keywords/gstinChecksum';
import type { BusinessVerificationProvider, CompanyRegistryProvider, MessageProvider, PanProvider, PaymentProvider, PostalAddress, Providers, WebsiteProvider } from './types';

/** Delivers messages into the sandbox inbox table instead of an SMS or e-mail gateway. */
export function sandboxMessageProvider(db: Queryable): MessageProvider {
  return {
    async send({ channel, recipient, subject, body }) {
      await db.query('insert into sandbox_messages (channel, recipient, subject, body) values ($1, $2, $3, $4)', [
        channel,
        recipient,
        subject,
        body,
      ]);
    },
  };
}

const GIVEN_NAMES = ['ANANYA', 'ARJUN', 'DIVYA', 'KABIR', 'MEERA', 'ROHAN', 'SANJANA', 'VIKRAM', 'PRIYA', 'RAHUL'];
const FAMILY_NAMES = ['SHARMA', 'IYER', 'GUPTA', 'REDDY', 'NAIR', 'KAPOOR', 'MEHTA', 'RAO', 'JOSHI', 'BOSE'];
/** What the PAN holder type (fourth letter) adds to a sandbox name. */
const HOLDER_SUFFIX: Record<string, string> = {
  C: ' TECHNOLOGIES PRIVATE LIMITED',
  F: ' AND ASSOCIATES',
  T: ' CHARITABLE TRUST',
  A: ' WELFARE SOCIETY',
  H: ' HUF',
  G: ' DEPARTMENT',
};

/**
 * Sandbox PAN check, deterministic and documented in the README:
 * a PAN whose digits are 0000 is not valid; any other well-formed PAN is valid and its
 * holder name is derived from its letters, with a suffix for companies, firms, trusts, ...
 */
export const sandboxPanProvider: PanProvider = {
  async verify(pan) {
    if (pan.slice(5, 9) === '0000') return { valid: false };
    const seed = [...pan].reduce((sum, char) => sum + char.charCodeAt(0), 0);
    const person = `${GIVEN_NAMES[seed % GIVEN_NAMES.length]} ${FAMILY_NAMES[Math.floor(seed / 7) % FAMILY_NAMES.length]}`;
    return { valid: true, name: person + (HOLDER_SUFFIX[pan[3] ?? ''] ?? '') };
  },
};

/** The default providers: everything sandboxed, so the whole journey works on one machine. */
export function sandboxProviders(db: Queryable, pennyTimings: PennyTimings): Providers {
  return {
    messages: sandboxMessageProvider(db),
    pan: sandboxPanProvider,
    businessVerification: sandboxBusinessVerificationProvider(areaCodes),
    companyRegistry: sandboxCompanyRegistryProvider,
    penny: sandboxPennyProvider(db, pennyTimings),
    identity: sandboxIdentityProvider(db),
    website: sandboxWebsiteProvider,
    payment: sandboxPaymentProvider,
    upiVerification: sandboxUpiVerificationProvider(db),
  };
}

/** The sandbox's payment page (/sandbox/payment, server/routes/sandboxPayment.ts): the tester succeeds or fails the payment. */
export const sandboxPaymentProvider: PaymentProvider = {
  paymentParams: ({ txnid, amount, productinfo, email, name }) => ({ payment_url: '/sandbox/payment', txnid, amount: String(amount), productinfo, email, firstname: name }),
};

/**
 * The sandbox's liveliness check decides from the address's first host label (README, Sandbox): `notlive` (as in
 * https://notlive.example.com) is not live, `construction` is under construction, any other site is live. Nothing is
 * fetched.
 */
export const sandboxWebsiteProvider: WebsiteProvider = {
  async liveliness(url) {
    const label = new URL(url).hostname.split('.')[0]?.toLowerCase();
    return label === 'notlive' ? 'not_live' : label === 'construction' ? 'under_construction' : 'live';
  },
};

const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The sandbox GST registrations of a PAN: Maharashtra (27) and Karnataka (29), entity number 1. */
export const SANDBOX_GST_STATES = [
  { code: '27', tradeSuffix: 'TRADERS' },
  { code: '29', tradeSuffix: 'ENTERPRISES' },
] as const;
const SHOP_KINDS = ['GENERAL STORES', 'MEDICALS', 'BAKERY', 'ELECTRONICS', 'TEXTILES'];

const sandboxGstin = (stateCode: string, pan: string) => `${stateCode}${pan}1Z${gstinCheckCharacter(`${stateCode}${pan}1Z`) ?? ''}`;
const familyName = (panName: string) => panName.split(' ')[1] ?? panName;
const sandboxTradeName = (panName: string, stateCode: string) =>
  `${familyName(panName)} ${SANDBOX_GST_STATES.find((state) => state.code === stateCode)?.tradeSuffix ?? 'STORES'}`;

/**
 * Sandbox business verification, deterministic and documented here:
 * - PAN-linked GST: a PAN the sandbox PAN check rejects (digits 0000) has no details; digits 9999 give the PAN name and
 *   no GST registrations; any other PAN has two, 27<PAN>1Z? and 29<PAN>1Z? with valid check characters, trade names
 *   "<family name> TRADERS" and "<family name> ENTERPRISES".
 * - GSTIN lookup: any well-formed GSTIN with a valid check character whose PAN part passes the sandbox PAN check;
 *   trade name as above ("<family name> STORES" for other states).
 * - Shop lookup: any registration number but all zeros, with a known area code (schemas/master/area-codes.json);
 *   the entity name is derived from the number.
 */
export function sandboxBusinessVerificationProvider(areaCodes: ReadonlyArray<{ code: string }>): BusinessVerificationProvider {
  return {
    async panGstDetails(pan) {
      const verification = await sandboxPanProvider.verify(pan);
      if (!verification.valid) return null;
      if (pan.slice(5, 9) === '9999') return { name: verification.name, gst_details: [] };
      return {
        name: verification.name,
        gst_details: SANDBOX_GST_STATES.map(({ code }) => ({ gstin: sandboxGstin(code, pan), tradename: sandboxTradeName(verification.name, code) })),
      };
    },
    async gstinDetails(gstin) {
      if (!GSTIN_PATTERN.test(gstin) || !hasValidGstinChecksum(gstin)) return null;
      const verification = await sandboxPanProvider.verify(gstin.slice(2, 12));
      return verification.valid ? { tradename: sandboxTradeName(verification.name, gstin.slice(0, 2)) } : null;
    },
    async shopDetails(regNo, areaCode) {
      if (/^0*$/.test(regNo) || !areaCodes.some((area) => area.code === areaCode)) return null;
      const seed = [...regNo].reduce((sum, char) => sum + char.charCodeAt(0), 0);
      const owner = FAMILY_NAMES[seed % FAMILY_NAMES.length];
      return { entity_name: `${owner} ${SHOP_KINDS[Math.floor(seed / 3) % SHOP_KINDS.length]}` };
    },
  };
}

/**
 * The sandbox registry's registered offices, by the state code of a CIN (its 7th and 8th characters); an LLPIN, which
 * names no state, or a state not listed gets one by its characters. City and state are India Post's names for the
 * pincode (server/reference/pincodes.ts), so the KYC step saves an office as the registry gives it.
 */
export const SANDBOX_REGISTERED_OFFICES: Readonly<Record<string, PostalAddress>> = {
  MH: { address_line: 'Unit 4, Kalpataru Square, Andheri East', city: 'Mumbai', pincode: '400069', state: 'Maharashtra' },
  KA: { address_line: '3rd Floor, Prestige Tower, Residency Road', city: 'Bangalore', pincode: '560025', state: 'Karnataka' },
  DL: { address_line: '12, Barakhamba Road, Connaught Place', city: 'Central Delhi', pincode: '110001', state: 'Delhi' },
  WB: { address_line: '22, Camac Street', city: 'Kolkata', pincode: '700016', state: 'West Bengal' },
  TN: { address_line: '45, Anna Salai', city: 'Chennai', pincode: '600002', state: 'Tamil Nadu' },
};

const COMPANY_CIN = /^[LU][0-9]{5}([A-Z]{2})[0-9]{4}[A-Z]{3}[0-9]{6}$/;
const charSum = (text: string) => [...text].reduce((sum, char) => sum + char.charCodeAt(0), 0);

/**
 * Sandbox company registry, deterministic:
 * - company search: a name ending "LIMITED" is one company, its CIN U72200MH<year>PTC<6 digits> (PLC for a name
 *   without "PRIVATE"), a name ending "LLP" one LLP, its LLPIN AAB-<4 digits>, both derived from the name; any other
 *   name none;
 * - signatories: a CIN or LLPIN whose digits are all zeros has none; any other has two, named from its characters,
 *   Directors for a CIN and Designated Partners for an LLPIN (AAB-1234);
 * - registered office: none for a CIN or LLPIN whose digits are all zeros; else the office of the CIN's state
 *   (SANDBOX_REGISTERED_OFFICES), one chosen by its characters for an LLPIN or another state.
 */
export const sandboxCompanyRegistryProvider: CompanyRegistryProvider = {
  async signatories(cin) {
    if (!/[1-9]/.test(cin)) return [];
    const designation = cin.includes('-') ? 'Designated Partner' : 'Director';
    const seed = charSum(cin);
    return [0, 1].map((offset) => ({
      name: `${GIVEN_NAMES[(seed + offset * 3) % GIVEN_NAMES.length]} ${FAMILY_NAMES[(Math.floor(seed / 7) + offset) % FAMILY_NAMES.length]}`,
      designation,
      din: String(((seed * 7919 + offset * 104729) % 90000000) + 10000000),
    }));
  },
  async companiesNamed(name) {
    const registered = name.trim().toUpperCase();
    const seed = charSum(registered);
    if (/ LLP$/.test(registered)) return [{ cin: `AAB-${String(1000 + (seed % 9000))}`, company_name: registered }];
    if (!/ LIMITED$/.test(registered)) return [];
    const ownership = / PRIVATE LIMITED$/.test(registered) ? 'PTC' : 'PLC';
    const year = 2000 + (seed % 20);
    const number = String(100000 + ((seed * 7919) % 900000));
    return [{ cin: `U72200MH${year}${ownership}${number}`, company_name: registered }];
  },
  async registeredOffice(cin) {
    if (!/[1-9]/.test(cin)) return null;
    const state = COMPANY_CIN.exec(cin)?.[1];
    const offices = Object.values(SANDBOX_REGISTERED_OFFICES);
    return { ...(SANDBOX_REGISTERED_OFFICES[state ?? ''] ?? offices[charSum(cin) % offices.length]!) };
  },
};
