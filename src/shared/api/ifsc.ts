import useSWRImmutable from 'swr/immutable';
import { apiFetch } from './fetcher';
import { keys } from './keys';

/** A branch of the IFSC directory (onboarding spec section 3, IFSC lookup). */
export interface IfscDetail {
  ifsc_code: string;
  bank_name: string;
  branch_name: string;
  city: string;
  state: string;
  address: string;
  /** False for a real code the directory lacks: the bank is known, the branch fields are empty. */
  in_directory?: boolean;
}

const NO_NAMES: string[] = [];
const NO_BRANCHES: IfscDetail[] = [];

/** The lists fail silently (onboarding spec section 8): logged, and shown as an empty list. */
function logFailure(error: unknown): void {
  console.warn('IFSC list failed', error);
}

const options = { onError: logFailure, shouldRetryOnError: false } as const;

/** A list of the IFSC search and whether it is still loading; `key` null: not asked for (yet). */
function useIfscList<T>(key: string | null, pick: (body: Record<string, unknown>) => T[] | undefined, empty: T[]) {
  const { data, isLoading } = useSWRImmutable(key, (path: string) => apiFetch<Record<string, unknown>>(path).then(pick), options);
  return { list: data ?? empty, loading: isLoading };
}

/** The banks of the IFSC directory; `ask` false: nothing is fetched yet (the search dialog is closed). */
export function useIfscBankNames(ask: boolean) {
  return useIfscList(ask ? keys.ifscBankNames : null, (body) => body.bank_names as string[], NO_NAMES);
}

/** The states of a bank's branches. */
export function useIfscStates(bankName: string | null) {
  return useIfscList(bankName ? keys.ifscStates(bankName) : null, (body) => body.states as string[], NO_NAMES);
}

/** The cities of a bank's branches in a state. */
export function useIfscCities(bankName: string | null, state: string | null) {
  return useIfscList(bankName && state ? keys.ifscCities(bankName, state) : null, (body) => body.cities as string[], NO_NAMES);
}

/** A bank's branches in a city. */
export function useIfscBranches(bankName: string | null, state: string | null, city: string | null) {
  const key = bankName && state && city ? keys.ifscBranches(bankName, state, city) : null;
  return useIfscList(key, (body) => body.ifsc_details as IfscDetail[], NO_BRANCHES);
}

/** The branch of one IFSC; rejects with an ApiRequestError (404: no such IFSC). */
export function fetchIfscDetail(ifsc: string): Promise<IfscDetail> {
  return apiFetch<{ ifsc_detail: IfscDetail }>(keys.ifscDetail(ifsc)).then((body) => body.ifsc_detail);
}
