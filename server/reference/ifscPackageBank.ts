import { createRequire } from 'node:module';
import { isKnownIfsc } from '../../schemas/keywords/ifscKnown';

/**
 * The `ifsc` package's bank names by bank code, and the sublet branches (a small bank on a larger bank's codes):
 * by IFSC, and by the IFSC prefix of a range.
 */
interface BankData {
  names: Record<string, string>;
  sublets: Record<string, string>;
  subletPrefixes: [string, string][];
}

let bankData: BankData | undefined;

function loadBankData(): BankData {
  if (!bankData) {
    const require = createRequire(import.meta.url);
    bankData = {
      names: require('ifsc/src/banknames.json') as Record<string, string>,
      sublets: require('ifsc/src/sublet.json') as Record<string, string>,
      subletPrefixes: Object.entries(require('ifsc/src/custom-sublets.json') as Record<string, string>),
    };
  }
  return bankData;
}

/**
 * The bank of an IFSC that the `ifsc` package (Razorpay's offline copy of RBI's list) knows, or null when it does
 * not know the code: for codes the IFSC directory lacks. A sublet branch (a small bank on a larger bank's codes)
 * is named after the small bank.
 */
export function bankOfKnownIfsc(ifsc: string): string | null {
  if (!isKnownIfsc(ifsc)) return null;
  const { names, sublets, subletPrefixes } = loadBankData();
  const bankCode = sublets[ifsc] ?? subletPrefixes.find(([prefix]) => ifsc.startsWith(prefix))?.[1] ?? ifsc.slice(0, 4);
  return names[bankCode] ?? null;
}
