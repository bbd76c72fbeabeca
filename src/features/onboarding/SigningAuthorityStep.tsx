import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { stepForms } from '../../../schemas/registry';
import { StepForm } from '../../../renderer/StepForm';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';
import { CinSignatories } from './CinSignatories';
import type { StepScreenProps } from './stepScreens';
import { useStepSubmit } from './useStepSubmit';
import { signatoryUpdateBody, signingAccountOf, signingAuthorityFormDataOf, signingAuthorityHeading, type SigningAuthorityFormData } from './signingAuthorityForm';

/** The text of a failed signing-authority submit: the server's error, else "Something went wrong" (spec section 8). */
function submitProblem(error: unknown): string {
  if (error instanceof ApiRequestError && error.status !== 422 && typeof error.body.error === 'string') return error.body.error;
  return t('signing.submitFailed');
}

/** The signing-authority step: the first signatory's name, email, PAN, CIN (for companies and LLPs) and PEP. */
export function SigningAuthorityStep({ merchant, readonly, onSaved }: StepScreenProps) {
  const { schema, uiSchema } = stepForms['signing-authority']!;
  const saved = useMemo(() => signingAuthorityFormDataOf(merchant), [merchant]);
  const [formData, setFormData] = useState(saved);
  const [data, setData] = useState(saved);
  const account = signingAccountOf(merchant);

  const { formProps } = useStepSubmit<SigningAuthorityFormData>({
    send: async (values) =>
      (await apiFetch<{ merchant: Merchant }>(`/api/v1/accounts/${account?.uuid}`, { method: 'PUT', body: signatoryUpdateBody(merchant, values) })).merchant,
    problemOf: submitProblem,
    onSaved,
  });

  return (
    <Box>
      <Typography component="h4" variant="subtitle2" gutterBottom>
        {signingAuthorityHeading(merchant)}
      </Typography>
      <StepForm<SigningAuthorityFormData>
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        onChange={setData}
        {...formProps}
        readonly={readonly || !account}
        idPrefix="signing"
      >
        {!readonly && <CinSignatories merchantUuid={merchant.uuid} cin={data.cin_number} onChoose={(name) => setFormData({ ...data, name })} />}
      </StepForm>
    </Box>
  );
}
