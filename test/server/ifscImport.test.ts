import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataFolder } from '../../server/db/dataFolderLock';
import { bankNames, branchOf, loadSampleIfscDirectory, replaceIfscDirectory, SAMPLE_IFSC_CSV } from '../../server/reference/ifscDirectory';
import { openDirectoryDatabase } from '../../server/reference/openDirectoryDatabase';
import { readIfscCsv, type IfscBranch } from '../../server/reference/readIfscCsv';
import { testApp, type TestApp } from './testApp';

let folder: string;
let t: TestApp;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'ifsc-import-'));
  t = await testApp();
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

// Rows in the layout of Razorpay's IFSC.csv release (its header, quoted addresses with commas).
const RAZORPAY_HEADER = 'BANK,IFSC,BRANCH,CENTRE,DISTRICT,STATE,ADDRESS,CONTACT,IMPS,RTGS,CITY,ISO3166,NEFT,MICR,UPI,SWIFT';
const RAZORPAY_CSV = [
  RAZORPAY_HEADER,
  'HDFC Bank,HDFC0000001,KAMALA MILLS COMPOUND,MUMBAI,MUMBAI,MAHARASHTRA,"TRADE WORLD, KAMALA MILLS COMPOUND, SENAPATI BAPAT MARG, LOWER PAREL, MUMBAI 400013",+912261606161,true,true,MUMBAI,IN-MH,true,400240015,true,',
  'State Bank of India,sbin0000300,MUMBAI MAIN BRANCH,MUMBAI,MUMBAI,MAHARASHTRA,"MUMBAI MAIN BRANCH, FORT, MUMBAI 400001",,true,true,,IN-MH,true,400002002,true,',
  'State Bank of India,SBIN000030,TOO SHORT,MUMBAI,MUMBAI,MAHARASHTRA,,,true,true,MUMBAI,IN-MH,true,,true,',
].join('\n');

describe('readIfscCsv()', () => {
  it("reads Razorpay's IFSC.csv: quoted commas, lower-case codes, CITY falling back to CENTRE, bad codes skipped", async () => {
    const csv = await readIfscCsv(file('IFSC.csv', RAZORPAY_CSV));
    expect(csv.format).toBe('razorpay');
    expect(csv.branches).toEqual([
      {
        ifsc: 'HDFC0000001',
        bank_name: 'HDFC Bank',
        branch: 'KAMALA MILLS COMPOUND',
        address: 'TRADE WORLD, KAMALA MILLS COMPOUND, SENAPATI BAPAT MARG, LOWER PAREL, MUMBAI 400013',
        city: 'MUMBAI',
        district: 'MUMBAI',
        state: 'MAHARASHTRA',
      },
      {
        ifsc: 'SBIN0000300',
        bank_name: 'State Bank of India',
        branch: 'MUMBAI MAIN BRANCH',
        address: 'MUMBAI MAIN BRANCH, FORT, MUMBAI 400001',
        city: 'MUMBAI',
        district: 'MUMBAI',
        state: 'MAHARASHTRA',
      },
    ]);
    expect(csv.skipped).toEqual([{ line: 4, reason: 'malformed IFSC "SBIN000030"' }]);
  });

  it('reads the two-file format of the shipped sample, with bank names from banks.csv', async () => {
    const csv = await readIfscCsv(SAMPLE_IFSC_CSV);
    expect(csv.format).toBe('rbi-two-file');
    expect(csv.branches).toHaveLength(9999);
    expect(csv.skipped).toEqual([]);
    expect(csv.branches.find((branch) => branch.ifsc === 'ABHY0065003')).toEqual({
      ifsc: 'ABHY0065003',
      bank_name: 'ABHYUDAYA COOPERATIVE BANK LIMITED',
      branch: 'BAIL BAZAR',
      address: "KMSPM'S SCHOOL, WADIA ESTATE, BAIL BAZAR-KURLA(W), MUMBAI-400070",
      city: 'MUMBAI',
      district: 'GREATER MUMBAI',
      state: 'MAHARASHTRA',
    });
  });

  it('takes the bank list named by --banks and skips branches of banks it lacks', async () => {
    const branches = file('branches.csv', 'ifsc,bank_id,branch,address,city,district,state\nABHY0065201,60,MANDVI,"A, B",VADODARA,VADODARA,GUJARAT\nXYZA0000001,99,X,,C,D,E\n');
    const csv = await readIfscCsv(branches, { banksPath: file('bank-list.csv', 'name,id\n"ABHYUDAYA COOPERATIVE BANK LIMITED",60\n') });
    expect(csv.branches.map((branch) => [branch.ifsc, branch.bank_name])).toEqual([['ABHY0065201', 'ABHYUDAYA COOPERATIVE BANK LIMITED']]);
    expect(csv.skipped).toEqual([{ line: 3, reason: 'bank_id "99" is not in the bank list' }]);
  });

  it('refuses a file of another layout, naming both formats', async () => {
    await expect(readIfscCsv(file('other.csv', 'code,name\nA,B\n'))).rejects.toThrow(/unknown header "code,name".*two-file.*IFSC\.csv/s);
  });
});

describe('replaceIfscDirectory()', () => {
  const branch = (ifsc: string, bank_name: string): IfscBranch => ({ ifsc, bank_name, branch: 'MAIN', address: '', city: 'PUNE', district: 'PUNE', state: 'MAHARASHTRA' });

  it('replaces the whole directory, banks included', async () => {
    await loadSampleIfscDirectory(t.db);
    expect(await branchOf(t.db, 'ABHY0065201')).not.toBeNull();
    expect(await replaceIfscDirectory(t.db, [branch('HDFC0000001', 'HDFC Bank'), branch('SBIN0000300', 'State Bank of India')])).toEqual({ branches: 2, banks: 2 });
    expect(await bankNames(t.db)).toEqual(['HDFC Bank', 'State Bank of India']);
    expect(await branchOf(t.db, 'ABHY0065201')).toBeNull();
    expect(await loadSampleIfscDirectory(t.db)).toBe(0); // a filled directory is not overwritten by the sample
  });

  it('leaves the directory as it was when the import fails', async () => {
    const before = await bankNames(t.db);
    const broken = [branch('KKBK0000001', 'Kotak Mahindra Bank'), { ...branch('KKBK0000002', 'Kotak Mahindra Bank'), state: null as unknown as string }];
    await expect(replaceIfscDirectory(t.db, broken)).rejects.toThrow();
    await expect(replaceIfscDirectory(t.db, [])).rejects.toThrow(/No branches/);
    expect(await bankNames(t.db)).toEqual(before);
    expect(await branchOf(t.db, 'HDFC0000001')).not.toBeNull();
  });
});

describe('openDirectoryDatabase()', () => {
  it('refuses a PGlite data folder the server holds, saying to stop the server first', async () => {
    const dataDir = join(folder, 'pglite');
    mkdirSync(dataDir);
    const release = await lockDataFolder(dataDir);
    try {
      await expect(openDirectoryDatabase({ dataDir })).rejects.toThrow(/is open in a running server \(pid \d+ on .*\)\. Stop the server first/);
    } finally {
      await release();
    }
  });
});
