import type { IfscDetail } from '../../../common/api/ifsc';
import type { IfscDirectory } from '../../../widgets/formServices';
import { ApiRequestError, apiFetch } from './fetcher';
import { keys } from './keys';

/** The IFSC directory of the API (GET /api/v1/ifsc_details/...), as the bank form's widgets ask it. */
export const ifscDirectory: IfscDirectory = {
  detail: (ifsc) =>
    apiFetch<{ ifsc_detail: IfscDetail }>(keys.ifscDetail(ifsc)).then(
      (body) => body.ifsc_detail,
      (error: unknown) => {
        // 404: no bank has this code (the field says so); any other failure is not the merchant's to fix.
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      },
    ),
  bankNames: () => apiFetch<{ bank_names: string[] }>(keys.ifscBankNames).then((body) => body.bank_names),
  states: (bankName) => apiFetch<{ states: string[] }>(keys.ifscStates(bankName)).then((body) => body.states),
  cities: (bankName, state) => apiFetch<{ cities: string[] }>(keys.ifscCities(bankName, state)).then((body) => body.cities),
  branches: (bankName, state, city) => apiFetch<{ ifsc_details: IfscDetail[] }>(keys.ifscBranches(bankName, state, city)).then((body) => body.ifsc_details),
};
