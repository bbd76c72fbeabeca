import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { StepForm } from '../../../renderer/StepForm';
import { apiFetch } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';
import { adjustBankData, bankBodyOf, bankFormDataOf, bankFormFor, bankSubmitProblem, type BankFormData } from './bankDetailsForm';
import type { StepScreenProps } from './stepScreens';
import { useStepSubmit } from './useStepSubmit';

/** The bank form: registered or not, registration type, names and PAN per entity, holder name, account and IFSC. */
export function BankDetailsStep({ merchant, readonly, onSaved }: StepScreenProps) {
  const initial = useMemo(() => bankFormDataOf(merchant), [merchant]);
  const [data, setData] = useState<BankFormData>(initial);
  const form = useMemo(() => bankFormFor(data, merchant), [data, merchant]);
  const { formProps } = useStepSubmit<BankFormData>({
    send: async (values) =>
      (await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${merchant.uuid}/bank_details`, { method: 'POST', body: { bank_detail: bankBodyOf(values) } })).merchant,
    problemOf: (_error, errors) => bankSubmitProblem(errors),
    onSaved,
  });

  return (
    <Box>
      <StepForm<BankFormData>
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={initial}
        transformChange={(next, previous) => adjustBankData(next, previous, initial)}
        onChange={setData}
        {...formProps}
        readonly={readonly}
        draftKey={`${merchant.uuid}:bank-details`}
        idPrefix="bank"
      />
    </Box>
  );
}
