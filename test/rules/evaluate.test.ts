import jsonLogic from 'json-logic-js';
import rulesConfig from '../../rules/config';
import { compileRules, type LogicCompiler } from '../../rules/compileRules';
import {
  documentRequirementsFor,
  evaluate,
  evaluateAll,
  evaluateCompiled,
  evaluateStatus,
  FLAG_ORDER,
  STEP_IDS,
  type StepFlags,
} from '../../rules/evaluate';
import { registerOperations } from '../../rules/operations';
import type { RulesConfig } from '../../rules/types';
import example from '../../schemas/records/merchant.example.json';
import newMerchant from '../fixtures/_bases/new-merchant.json';
import { generateRecords } from '../../bench/records';

/** The example record with some keys replaced (a shallow overlay is enough here). */
const merchant = (changes: Record<string, unknown>) => ({ ...example, ...changes });

describe('evaluate()', () => {
  it('gives every step every flag', () => {
    const steps = evaluate(example, rulesConfig);
    expect(Object.keys(steps)).toEqual([...STEP_IDS]);
    for (const flags of Object.values(steps)) expect(Object.keys(flags).sort()).toEqual([...FLAG_ORDER].sort());
  });

  it('gives booleans for the flags and a message key or null for the locked reason, the reason and what it waits for', () => {
    for (const record of [newMerchant, ...generateRecords(200, 7)]) {
      for (const flags of Object.values(evaluate(record, rulesConfig)) as StepFlags[]) {
        const { lockedReason, reason, waitingFor, appearedBecause, ...booleans } = flags;
        expect(Object.values(booleans).every((value) => typeof value === 'boolean')).toBe(true);
        expect(lockedReason === null || lockedReason.startsWith('onboarding.locked.')).toBe(true);
        expect(reason === null || reason.startsWith('onboarding.reason.')).toBe(true);
        expect(waitingFor === null || waitingFor.startsWith('onboarding.reason.')).toBe(true);
        expect(appearedBecause === null || appearedBecause.startsWith('onboarding.reason.')).toBe(true);
      }
    }
  });

  it('says why a failed PAN is in error, and points the locked steps to it', () => {
    const steps = evaluate(merchant({ pan_verification_status: 'Failed' }), rulesConfig);
    expect(steps['pan-details']).toMatchObject({ error: true, todo: true, reason: 'onboarding.reason.panFailed' });
    expect(steps['business-details']).toMatchObject({ locked: true, lockedReason: 'onboarding.locked.panFailed' });
  });

  it('locks business details until PAN is verified, with its reason', () => {
    expect(evaluate(merchant({ pan_verification_status: null }), rulesConfig)['business-details']).toMatchObject({
      locked: true,
      lockedReason: 'onboarding.locked.pan',
      todo: false,
    });
    expect(evaluate(example, rulesConfig)['business-details']).toMatchObject({ locked: false, lockedReason: null });
  });

  it('derives to-do as incomplete and not locked, for every step', () => {
    for (const record of generateRecords(200, 7)) {
      for (const flags of Object.values(evaluate(record, rulesConfig)) as StepFlags[]) {
        expect(flags.todo).toBe(flags.incomplete && !flags.locked);
        expect(flags.locked).toBe(flags.lockedReason !== null);
      }
    }
  });

  it('takes to-do from the configuration, not from code', () => {
    const config: RulesConfig = {
      ...rulesConfig,
      steps: { ...rulesConfig.steps, defaults: { ...rulesConfig.steps.defaults, todo: { var: 'step.locked' } } },
    };
    const steps = evaluate(newMerchant, config);
    expect(steps['business-details']?.todo).toBe(true);
    expect(steps['pan-details']?.todo).toBe(false);
  });

  it('compiles a configuration once and reuses it', () => {
    const config: RulesConfig = { ...rulesConfig };
    const first = evaluate(example, config);
    expect(evaluate(example, config)).toEqual(first);
    expect(evaluate(example, { ...rulesConfig })).toEqual(first);
  });

  it('agrees with plain json-logic-js on a varied mix of records', () => {
    registerOperations(jsonLogic);
    const interpreter: LogicCompiler = (logic) => (data) => jsonLogic.apply(logic as never, data);
    const compiled = compileRules(rulesConfig);
    const interpreted = compileRules(rulesConfig, interpreter);
    for (const record of generateRecords(300, 11)) {
      expect(evaluateCompiled(compiled, record)).toEqual(evaluateCompiled(interpreted, record));
    }
  });
});

describe('evaluateStatus()', () => {
  it('gives the platform statuses and labels of the example record', () => {
    expect(evaluateStatus(example, rulesConfig)).toMatchObject({
      documentsComplete: true,
      profileCompleted: false,
      bankVerified: true,
      bankVerificationLabel: 'Success',
      websiteTypeLabel: 'ThirdParty',
      thirdPartyFlow: true,
      hasAcceptedAgreement: false,
    });
  });

  it('marks the profile completed when LOB is Approved and documents are Docs Approved', () => {
    const statuses = [
      { status_type: 'LOB', status_value: 'Approved' },
      { status_type: 'KYC_DOCUMENTS', status_value: 'Docs Approved' },
    ];
    expect(evaluateStatus(merchant({ merchant_statuses: statuses }), rulesConfig).profileCompleted).toBe(true);
  });

  it('reads the merchant documents for the accepted agreement', () => {
    const agreement = { kyc_document_type: 'Agreement', active: true, status: 'Counter Signed Received' };
    expect(evaluateStatus(example, rulesConfig, { kycDocuments: [agreement] }).hasAcceptedAgreement).toBe(true);
  });
});

describe('documentRequirementsFor()', () => {
  const ADDRESS_PROOFS = ['PASSPORT', 'AADHAR', 'DL', 'VOTER', 'BMTB'];

  it("asks a partnership for its PAN card, the signatory's PAN and address proof, the authorisation letter and Schedule C, with an optional certificate", () => {
    const partnership = merchant({ business_entity_id: 4, business_entity: { id: 4, name: 'Partnership' } });
    expect(documentRequirementsFor(partnership, rulesConfig)).toEqual({
      required: ['PANCARD_PARTNERSHIP', 'PANCARD_SIGNED_AUTHORITY', 'ADDRESS_PROOF_SIGNED_AUTHORITY', 'SIGNED_AUTHORISATION_LETTER', 'SC'],
      optional: ['GOVT_ISSUED_CERTIFICATE'],
      types: { ADDRESS_PROOF_SIGNED_AUTHORITY: ADDRESS_PROOFS, GOVT_ISSUED_CERTIFICATE: ['GST_CERTIFICATE', 'NOC', 'UACC', 'TTC', 'SERVICE_TAX', 'OTHERS'] },
      reasons: {
        PANCARD_PARTNERSHIP: "The firm's own PAN card",
        PANCARD_SIGNED_AUTHORITY: 'Every business names a signing authority, who proves their PAN',
        ADDRESS_PROOF_SIGNED_AUTHORITY: 'The signing authority proves their address',
        SIGNED_AUTHORISATION_LETTER: 'A business that is not one person authorises its signing authority in writing',
        SC: 'Every merchant signs Schedule C',
        GOVT_ISSUED_CERTIFICATE: 'Proprietors and partnerships may prove their registration',
      },
    });
  });

  it('asks an individual for their PAN card, an address proof and Schedule C only', () => {
    const individual = merchant({ business_entity_id: 1, business_entity: { id: 1, name: 'Individual' } });
    expect(documentRequirementsFor(individual, rulesConfig)).toEqual({
      required: ['PANCARD_SIGNED_AUTHORITY', 'ADDRESS_PROOF_SIGNED_AUTHORITY', 'SC'],
      optional: [],
      types: { ADDRESS_PROOF_SIGNED_AUTHORITY: ADDRESS_PROOFS },
      reasons: {
        PANCARD_SIGNED_AUTHORITY: 'Every business names a signing authority, who proves their PAN',
        ADDRESS_PROOF_SIGNED_AUTHORITY: 'The signing authority proves their address',
        SC: 'Every merchant signs Schedule C',
      },
    });
  });
});

describe('evaluateAll()', () => {
  it('gives steps, status and documents from one evaluation', () => {
    const all = evaluateAll(example, rulesConfig);
    expect(all.steps).toEqual(evaluate(example, rulesConfig));
    expect(all.status).toEqual(evaluateStatus(example, rulesConfig));
    expect(all.documents).toEqual(documentRequirementsFor(example, rulesConfig));
  });
});
