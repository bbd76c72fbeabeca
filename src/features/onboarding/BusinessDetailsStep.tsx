import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from '../../../schemas/types';
import { draftStore } from '../../../renderer/draftStore';
import { StepForm } from '../../../renderer/StepForm';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';
import {
  deleteBeneficiary,
  fetchGstinTradeName,
  fetchShopEntityName,
  useAreaCodes,
  useBusinessCategories,
  useLinkedGstins,
} from './businessDetailsApi';
import {
  adjustBusinessData,
  businessBodyOf,
  businessFormDataOf,
  businessFormFor,
  businessSubmitProblem,
  removedBeneficiaryIds,
  type BusinessFormChoices,
  type BusinessFormData,
} from './businessDetailsForm';
import type { StepScreenProps } from './stepScreens';
import { useStepSubmit } from './useStepSubmit';

const GSTIN_LENGTH = 15;

/** The business-details step: category, sales band, GST (PAN-linked choices), trade name, shop registration, owners. */
export function BusinessDetailsStep(props: StepScreenProps) {
  const categories = useBusinessCategories();
  const areaCodes = useAreaCodes();
  const pan = typeof props.merchant.pancard_number === 'string' ? props.merchant.pancard_number : null;
  const linked = useLinkedGstins(props.merchant.uuid, pan);
  const choices = useMemo<BusinessFormChoices | undefined>(
    () => categories.data && areaCodes.data && { categories: categories.data, areaCodes: areaCodes.data, linkedGstins: linked.data ?? [] },
    [categories.data, areaCodes.data, linked.data],
  );
  if (!choices) {
    return categories.error || areaCodes.error ? (
      <Alert severity="error">{t('onboarding.loadFailed')}</Alert>
    ) : (
      <CircularProgress size={24} aria-label={t('common.loading')} />
    );
  }
  return <BusinessDetailsForm {...props} choices={choices} />;
}

function BusinessDetailsForm({ merchant, readonly, onSaved, choices }: StepScreenProps & { choices: BusinessFormChoices }) {
  const initial = useMemo(() => businessFormDataOf(merchant), [merchant]);
  const [data, setData] = useState<BusinessFormData>(initial);
  // What the form starts from: the record, or the current data with a looked-up trade name filled in.
  const [seed, setSeed] = useState<{ source: BusinessFormData; data: BusinessFormData }>({ source: initial, data: initial });
  if (seed.source !== initial) setSeed({ source: initial, data: initial });
  const { formProps, setProblems } = useStepSubmit<BusinessFormData>({
    send: async (values) =>
      (await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${merchant.uuid}`, { method: 'PUT', body: { merchant: businessBodyOf(values) } })).merchant,
    problemOf: (_error, errors) => businessSubmitProblem(errors),
    onSaved,
  });
  const [shopEntity, setShopEntity] = useState<string>();
  const form = useMemo(() => businessFormFor(data, choices, merchant), [data, choices, merchant]);
  const draftKey = `${merchant.uuid}:business-details`;

  // A complete GSTIN not among the PAN-linked ones: its trade name comes from the GSTIN lookup.
  const gstin = data.gst_number;
  const latest = useRef(data);
  useEffect(() => {
    if (readonly || !gstin || gstin.length !== GSTIN_LENGTH || choices.linkedGstins.some((linked) => linked.gstin === gstin)) return;
    let current = true;
    fetchGstinTradeName(merchant.uuid, gstin).then(
      (tradename) => {
        if (!current || latest.current.gst_number !== gstin) return;
        const filled = { ...latest.current, business_name: tradename };
        // The form restarts from its data and the draft, so both get the trade name.
        draftStore.save(draftKey, filled);
        latest.current = filled;
        setData(filled);
        setSeed((previous) => ({ ...previous, data: filled }));
      },
      () => undefined, // A failed lookup is silent: the schema and the server judge the GSTIN.
    );
    return () => {
      current = false;
    };
  }, [gstin, readonly, merchant.uuid, choices.linkedGstins, draftKey]);

  const handleChange = (next: BusinessFormData) => {
    const removed = removedBeneficiaryIds(data, next);
    latest.current = next;
    setData(next);
    for (const id of removed) {
      deleteBeneficiary(merchant.uuid, id).then(onSaved, () => setProblems([t('business.ubo.removeFailed')]));
    }
  };

  const lookUpShop = async () => {
    setShopEntity(undefined);
    if (!data.shop_number || !data.area_code) return;
    try {
      setShopEntity(t('business.shop.found', { name: await fetchShopEntityName(merchant.uuid, data.shop_number, data.area_code) }));
    } catch (error) {
      const errors = error instanceof ApiRequestError && error.status === 422 ? (error.body.errors as FieldErrors) : undefined;
      setShopEntity(errors?.reg_no?.[0] ?? t('business.shop.notFound'));
    }
  };


  return (
    <Box>
      <StepForm<BusinessFormData>
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={seed.data}
        transformChange={(next, previous) => adjustBusinessData(next, previous, choices)}
        onChange={handleChange}
        {...formProps}
        readonly={readonly}
        draftKey={draftKey}
        idPrefix="business"
      >
        {!readonly && data.shop_number && data.area_code && (
          <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={lookUpShop}>
              {t('business.shop.lookup')}
            </Button>
            {shopEntity && (
              <Typography variant="body2" role="status">
                {shopEntity}
              </Typography>
            )}
          </Box>
        )}
      </StepForm>
    </Box>
  );
}
