import { Suspense, useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { keys } from '../../../shared/api/keys';
import { t } from '../../../shared/ui/t';
import { loadAddendaTexts } from './addendaTexts';
import { LazyStepScreen } from '../stepScreens';
import type { StepComponentProps } from '../stepComponents';
import { loadComponentTexts } from './componentTexts';
import { loadStepFormTexts } from '../../../../schemas/stepFormTexts';

/**
 * The GST number update (onboarding spec sections 7, 8: update_gst_details, "GST number updated") once the business
 * details are read-only (the agreement is generated): UPDATE GST NUMBER opens the gst-update step's form in a dialog.
 * The change either is made ("GST number updated") or becomes an addendum, which the step's Addenda then shows.
 */
export function GstUpdate({ merchant, readonly, mayAct }: StepComponentProps) {
  loadAddendaTexts();
  loadComponentTexts();
  loadStepFormTexts();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const [updated, setUpdated] = useState(false);
  const titleId = useId();
  if (!readonly || !mayAct || merchant.gst_addendum_status === 'pending' || merchant.gst_addendum_status === 'accepted') return null;
  return (
    <Box sx={{ mt: 2 }}>
      {updated && (
        <Alert severity="success" role="status" sx={{ mb: 1 }}>
          {t('gst.updated')}
        </Alert>
      )}
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ minHeight: 44 }}>
        {t('gst.update.button')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
          <DialogTitle id={titleId}>{t('gst.update.title')}</DialogTitle>
          <DialogContent>
            <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
              <LazyStepScreen
                stepId="gst-update"
                merchant={merchant}
                readonly={false}
                onSaved={(saved) => {
                  void mutate(keys.merchant(merchant.uuid), saved, { revalidate: false });
                  void mutate(keys.addenda(merchant.uuid));
                  setUpdated(saved.gst_addendum_status !== 'pending');
                  setOpen(false);
                }}
              />
            </Suspense>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setOpen(false)} sx={{ minHeight: 44 }}>
              {t('agreement.close')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
