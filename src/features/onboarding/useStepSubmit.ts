import { useState } from 'react';
import type { FieldErrors } from '../../../schemas/types';
import { ApiRequestError, requestIdOf } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';

/** A submit the merchant called off before it was sent (an OTP dialog cancelled): nothing to report. */
export class SubmitCancelled extends Error {
  constructor() {
    super('The submit was cancelled');
  }
}

interface StepSubmitOptions<T> {
  /** Sends the step's values; resolves with the merchant record the server answered. */
  send(values: T): Promise<Merchant>;
  /** The "Oh no!" text of a failure (spec section 8), given the error and the server's 422 field errors; null: none (the fields say it). */
  problemOf(error: unknown, fieldErrors: FieldErrors | undefined): string | null;
  onSaved(merchant: Merchant): void;
  /** What the "Oh no!" box shows before any submit (e.g. a failed verification stored earlier). */
  initialProblems?: string[];
}

/**
 * The submit state every step screen shares: busy while sending, the server's 422 errors under the
 * fields, the failure text in the "Oh no!" box. `formProps` spreads onto StepForm; a failed submit
 * rejects so StepForm keeps the draft.
 */
export function useStepSubmit<T>({ send, problemOf, onSaved, initialProblems = [] }: StepSubmitOptions<T>) {
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>();
  const [problems, setProblems] = useState<string[]>(initialProblems);
  const [problemReference, setProblemReference] = useState<string>();

  const onSubmit = async (values: T) => {
    setBusy(true);
    setProblems([]);
    setProblemReference(undefined);
    setFieldErrors(undefined);
    try {
      onSaved(await send(values));
    } catch (error) {
      if (error instanceof SubmitCancelled) throw error;
      const errors = error instanceof ApiRequestError && error.status === 422 ? (error.body.errors as FieldErrors | undefined) : undefined;
      setFieldErrors(errors);
      const problem = problemOf(error, errors);
      setProblems(problem === null ? [] : [problem]);
      if (problem !== null) setProblemReference(requestIdOf(error));
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    setProblems,
    formProps: { onSubmit, fieldErrors, problems, problemReference, onDismissProblems: () => setProblems([]), busy },
  };
}
