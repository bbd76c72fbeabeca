import { Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StepFlags } from '../../../rules/evaluate';
import type { Merchant } from '../../shared/api/types';
import { StatusSnackbar } from '../../shared/ui/StatusSnackbar';
import { t } from '../../shared/ui/t';
import { stepStatus, stepLine } from './StepRow';
import { LazyStepScreen } from './stepScreens';
import { WebsiteComments } from './WebsiteComments';
import { WebsiteDocuments } from './WebsiteDocuments';
import { ProgressBar } from '../../../ui/ProgressBar';

const STEP = 'website-details';

interface WebsiteTabProps {
  merchant: Merchant;
  flags: StepFlags;
  /** The rules' review label (Website OK, Website Error, …), or null before a review. */
  reviewLabel: string | null;
  canEdit: boolean;
  onChanged(merchant: Merchant): void;
}

/**
 * /onboarding/website: the website details step on a page of its own (the Website tab), with its status and the
 * review's label from the rules, the documents the reviewer asked for, and the review's comment thread; a save
 * confirms and keeps the page. A member without the permission to change the profile reads the form, and sees the
 * document upload and the reply box, which open the no-access modal (onboarding spec section 6).
 */
export function WebsiteTab({ merchant, flags, reviewLabel, canEdit, onChanged }: WebsiteTabProps) {
  const [confirmation, setConfirmation] = useState({ open: false, count: 0 });
  const status = stepStatus(flags, true);
  const line = stepLine(flags);
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="website-tab-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="website-tab-title" component="h2" variant="h6">
          {t('onboarding.step.website-details')}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} variant={status.color === 'default' ? 'outlined' : 'filled'} />
        {reviewLabel && <Chip size="small" label={reviewLabel} variant="outlined" />}
      </Stack>
      {line && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {line}
        </Typography>
      )}
      {flags.locked ? (
        <Alert severity="info">{line}</Alert>
      ) : (
        <Suspense fallback={<ProgressBar label={t('common.loading')} />}>
          <LazyStepScreen
            stepId={STEP}
            merchant={merchant}
            readonly={!canEdit || !flags.editable}
            mayAct={canEdit}
            permitted={canEdit}
            onSaved={(saved) => {
              onChanged(saved);
              setConfirmation(({ count }) => ({ open: true, count: count + 1 }));
            }}
            onChanged={onChanged}
          />
        </Suspense>
      )}
      <WebsiteDocuments merchant={merchant} mayAct={canEdit && !flags.locked} permitted={canEdit} onChanged={onChanged} />
      <WebsiteComments merchant={merchant} mayAct={canEdit && !flags.locked} permitted={canEdit} onChanged={onChanged} />
      <StatusSnackbar
        key={confirmation.count}
        message={t('onboarding.saved', { step: t('onboarding.step.website-details') })}
        open={confirmation.open}
        onClose={() => setConfirmation((shown) => ({ ...shown, open: false }))}
      />
    </Paper>
  );
}
