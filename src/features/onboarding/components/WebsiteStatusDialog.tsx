import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { apiFetch } from '../../../shared/api/fetcher';
import type { Merchant } from '../../../shared/api/types';
import { t } from '../../../shared/ui/t';
import type { StepDialogProps } from '../stepComponents';
import { loadComponentTexts } from './componentTexts';
import { loadStepFormTexts } from '../../../../schemas/stepFormTexts';

interface WebsiteDetail {
  uuid: string;
  website_url: string | null;
  liveliness_status: 'live' | 'not_live' | 'under_construction' | null;
}

/**
 * After website details are sent: what the liveliness check found (the spec's website-status-active dialog for a live
 * site, website-status-inactive otherwise), and the merchant's answer whether the domain is active (PUT domain status
 * by the website's uuid). Without a check (payment links and tools, no website) there is nothing to ask.
 */
export function WebsiteStatusDialog({ merchant, onClose }: StepDialogProps) {
  loadComponentTexts();
  loadStepFormTexts();
  const detail = merchant.website_detail as WebsiteDetail | null | undefined;
  const checked = detail?.liveliness_status ? detail : null;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!checked) onClose();
    // Once: a step without a website has nothing to ask.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!checked) return null;

  const live = checked.liveliness_status === 'live';
  const url = checked.website_url ?? '';
  const answer = async (status: 'active' | 'inactive') => {
    setBusy(true);
    setProblem(null);
    try {
      const answered = await apiFetch<{ merchant: Merchant }>(`/api/v1/website_details/${checked.uuid}/domain_status`, { method: 'PUT', body: { domain_status_by_merchant: status } });
      onClose(answered.merchant);
    } catch {
      setProblem(t('website.status.failed'));
      setBusy(false);
    }
  };
  const titleId = live ? 'website-status-active-title' : 'website-status-inactive-title';
  return (
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t(live ? 'website.status.active.title' : 'website.status.inactive.title')}</DialogTitle>
      <DialogContent sx={{ overflowWrap: 'anywhere' }}>
        {live ? (
          <Typography>{t('website.status.active.text', { url })}</Typography>
        ) : (
          <>
            <Typography gutterBottom>{t(`website.status.inactive.${checked.liveliness_status}`, { url })}</Typography>
            <Typography>{t('website.status.inactive.text')}</Typography>
          </>
        )}
        {problem && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void answer('inactive')} disabled={busy} sx={{ minHeight: 44 }}>
          {t('website.status.markInactive')}
        </Button>
        <Button variant="contained" onClick={() => void answer('active')} disabled={busy} sx={{ minHeight: 44 }} autoFocus>
          {t('website.status.markActive')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
