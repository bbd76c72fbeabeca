import { useMemo, useRef, useState } from 'react';
import { stepForms } from '../../../schemas/registry';
import { StepForm } from '../../../renderer/StepForm';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';
import { addressFormDataOf, addressUiSchemaFor, copyRegistrationAddress, pincodesToLookUp, withPincodeDetail, type AddressFormData } from './addressForm';
import type { StepScreenProps } from './stepScreens';
import { useStepSubmit } from './useStepSubmit';

/** The text of a failed address submit: the server's message or error_message, else the spec's generic text (section 8). */
function submitProblem(error: unknown): string {
  if (error instanceof ApiRequestError && error.status !== 422) {
    const text = error.body.message ?? error.body.error_message ?? error.body.error;
    if (typeof text === 'string') return text;
  }
  return t('address.submitFailed');
}

/** The KYC step, manual path: registration and operating addresses, city and state filled from the pincode. */
export function AddressStep({ merchant, readonly, onSaved }: StepScreenProps) {
  const { schema, uiSchema } = stepForms.kyc!;
  const saved = useMemo(() => addressFormDataOf(merchant), [merchant]);
  const [formData, setFormData] = useState(saved);
  const [data, setData] = useState(saved);
  const latest = useRef(saved);

  const lookUpPincodes = (previous: AddressFormData, next: AddressFormData) => {
    for (const { field, pincode } of pincodesToLookUp(previous, next)) {
      apiFetch<{ pincode_detail: { city: string; state: string } }>(`/api/v1/pincode_details/${pincode}`)
        .then(({ pincode_detail: detail }) => {
          const filled = withPincodeDetail(latest.current, field, pincode, detail);
          latest.current = filled;
          setData(filled);
          setFormData(filled);
        })
        // A failed pincode lookup is silent (spec section 8): the merchant types city and state.
        .catch(() => undefined);
    }
  };

  const change = (next: AddressFormData) => {
    const previous = latest.current;
    latest.current = next;
    setData(next);
    lookUpPincodes(previous, next);
  };

  const { formProps } = useStepSubmit<AddressFormData>({
    send: async (values) =>
      (await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${merchant.uuid}`, { method: 'PUT', body: { merchant: copyRegistrationAddress(values) } })).merchant,
    problemOf: submitProblem,
    onSaved,
  });

  return (
    <StepForm<AddressFormData>
      schema={schema}
      uiSchema={addressUiSchemaFor(uiSchema, data, merchant.business_entity_id as number | null)}
      formData={formData}
      transformChange={copyRegistrationAddress}
      onChange={change}
      {...formProps}
      readonly={readonly}
      idPrefix="address"
    />
  );
}
