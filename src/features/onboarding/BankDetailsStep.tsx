import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import type { FieldErrors } from '../../../schemas/types';
import { StepForm } from '../../../renderer/StepForm';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';
import { adjustBankData, bankBodyOf, bankFormDataOf, bankFormFor, bankSubmitProblem, type BankFormData } from './bankDetailsForm';
import type { StepScreenProps } from './stepScreens';

/** The bank form: registered or not, registration type, names and PAN per entity, holder name, account and IFSC. */
export function BankDetailsStep({ merchant, readonly, onSaved }: StepScreenProps) {
  const initial = useMemo(() => bankFormDataOf(merchant), [merchant]);
  const [data, setData] = useState<BankFormData>(initial);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>();
  const [problems, setProblems] = useState<string[]>([]);
  const form = useMemo(() => bankFormFor(data, merchant), [data, merchant]);

  const submit = async (values: BankFormData) => {
    setBusy(true);
    setProblems([]);
    setFieldErrors(undefined);
    try {
      const { merchant: saved } = await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${merchant.uuid}/bank_details`, {
        method: 'POST',
        body: { bank_detail: bankBodyOf(values) },
      });
      onSaved(saved);
    } catch (error) {
      const errors = error instanceof ApiRequestError && error.status === 422 ? (error.body.errors as FieldErrors) : undefined;
      setFieldErrors(errors);
      setProblems([bankSubmitProblem(errors)]);
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <StepForm<BankFormData>
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={initial}
        transformChange={(next, previous) => adjustBankData(next, previous, initial)}
        onChange={setData}
        onSubmit={submit}
        fieldErrors={fieldErrors}
        problems={problems}
        onDismissProblems={() => setProblems([])}
        readonly={readonly}
        busy={busy}
        draftKey={`${merchant.uuid}:bank-details`}
        idPrefix="bank"
      />
    </Box>
  );
}
