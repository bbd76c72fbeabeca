// Bank details shared by the server tests and the component tests: plain data, no server or browser code.

/** A bank detail whose test deposit attempts are exhausted: a bank proof is wanted (rules/status.json bankProofWanted). */
export const PROOF_WANTED_BANK_DETAIL = {
  id: 1,
  bank_account_number: '50100123456789',
  ifsc_code: 'HDFC0000001',
  holder_name: 'NIMBUS STORES PRIVATE LIMITED',
  bank_verification_status: 'attempts_exhausted',
  penny_deposit_status: 'SUCCESS',
  penny_deposit_method: 'IMPS',
  penny_attempt_left: 0,
  addendum_status: null,
  bank_verification_proof: null,
};
