import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { BusinessEntityMaster } from '../../../schemas/businessEntities';
import type { FieldErrors } from '../../../schemas/types';
import { StepForm } from '../../../renderer/StepForm';
import { apiFetch } from '../../shared/api/fetcher';
import { useBusinessEntities } from '../../shared/api/hooks';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';
import { PanConfirmationDialog } from './PanConfirmationDialog';
import type { StepScreenProps } from './stepScreens';
import { useStepSubmit } from './useStepSubmit';
import { panFormDataOf, panFormFor, suggestEntity, type PanFormData } from './panForm';

/** The text of a failed PAN submit: first dob error, pancard_number error or base error, else "Pan not valid" (spec section 8). */
export function panSubmitProblem(errors: FieldErrors | undefined): string {
  return errors?.dob?.[0] ?? errors?.pancard_number?.[0] ?? errors?.base?.[0] ?? t('pan.notValid');
}

/** The pan-details step: PAN, business entity (limited by the PAN) and, for individuals, date of birth. */
export function PanStep(props: StepScreenProps) {
  const entities = useBusinessEntities();
  const master = useMemo<BusinessEntityMaster | undefined>(
    () => entities.data && { business_entities: entities.data.business_entities, pan_business_entity_mapping: entities.data.meta.pan_business_entity_mapping },
    [entities.data],
  );
  if (!master) {
    return entities.error ? <Alert severity="error">{t('onboarding.loadFailed')}</Alert> : <CircularProgress size={24} aria-label={t('common.loading')} />;
  }
  return <PanForm {...props} master={master} />;
}

function PanForm({ merchant, master, readonly, onSaved, onChanged }: StepScreenProps & { master: BusinessEntityMaster }) {
  const initial = useMemo(() => panFormDataOf(merchant), [merchant]);
  const [data, setData] = useState<PanFormData>(initial);
  // A verified PAN is shown for confirmation first; the page learns of it (and moves on) when the merchant confirms.
  const [confirmed, setConfirmed] = useState<Merchant | null>(null);
  const form = useMemo(() => panFormFor(data, master), [data, master]);
  const { busy, formProps, setProblems } = useStepSubmit<PanFormData>({
    send: async (values) => (await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${merchant.uuid}`, { method: 'PUT', body: { merchant: values } })).merchant,
    problemOf: (error, errors) => (errors ? panSubmitProblem(errors) : error instanceof Error ? error.message : t('error.generic')),
    onSaved: (saved) => {
      if (saved.pan_verification_status === 'verified') return setConfirmed(saved);
      setProblems([t('pan.notValid')]);
      onChanged?.(saved);
    },
    initialProblems: merchant.pan_verification_status === 'Failed' ? [t('pan.notValid')] : [],
  });

  return (
    <Box>
      <StepForm<PanFormData>
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={initial}
        transformChange={(next) => suggestEntity(next, master)}
        onChange={setData}
        {...formProps}
        readonly={readonly}
        draftKey={`${merchant.uuid}:pan-details`}
        idPrefix="pan"
      >
        {busy && (
          <Box role="status" sx={{ my: 2 }}>
            <Typography variant="body2" gutterBottom>
              {t('pan.verifying')}
            </Typography>
            <LinearProgress />
          </Box>
        )}
      </StepForm>
      {confirmed && (
        <PanConfirmationDialog
          open
          panName={String(confirmed.pancard_name ?? '')}
          pan={String(confirmed.pancard_number)}
          onClose={() => {
            setConfirmed(null);
            onSaved(confirmed);
          }}
        />
      )}
    </Box>
  );
}
