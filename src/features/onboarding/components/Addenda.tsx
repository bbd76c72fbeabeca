import { useEffect, useId, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { apiFetch } from '../../../shared/api/fetcher';
import { downloadFile } from '../../../shared/api/download';
import { usePermissions } from '../../../shared/api/hooks';
import { NoAccessDialog } from '../../../shared/ui/NoAccessDialog';
import { keys } from '../../../shared/api/keys';
import type { Merchant } from '../../../shared/api/types';
import { t } from '../../../shared/ui/t';
import { loadAddendaTexts } from './addendaTexts';
import type { StepComponentProps } from '../stepComponents';

/** An addendum as GET merchants/{uuid}/addenda answers it (server/addenda/addenda.ts). */
export interface Addendum {
  id: string;
  source: 'bank' | 'website_detail' | 'address' | 'gst';
  step: string;
  status: 'pending' | 'accepted' | 'approved' | 'declined';
  old_data: Record<string, unknown>;
  new_data: Record<string, unknown>;
  file: string | null;
  remarks: string | null;
}

/** One value as the merchant reads it: an address on one line, nothing as "(none)". */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return t('addendum.none');
  if (typeof value === 'object') {
    const { address_line, city, state, pincode } = value as Record<string, string>;
    return `${address_line}, ${city}, ${state} ${pincode}`;
  }
  return String(value);
}

/**
 * The addendum a change of this step's approved details became (onboarding issue 13, Addenda): what changes, now and
 * new, the addendum to read, and ACCEPT ADDENDUM (update_user_profile, else the no-access modal); once accepted, that
 * it waits for our review; declined, why, with the details as they were. Nothing shows while the step has none open.
 */
export function Addenda({ stepId, merchant, mayAct }: StepComponentProps) {
  loadAddendaTexts();
  const uuid = merchant.uuid;
  const { mutate } = useSWRConfig();
  const { data, mutate: reread } = useSWR(keys.addenda(uuid), (path: string) => apiFetch<{ addenda: Addendum[] }>(path));
  // A saved step, a review heard on the live channel: whatever changed the record may have changed its addenda.
  const seen = useRef(merchant);
  useEffect(() => {
    if (seen.current === merchant) return;
    seen.current = merchant;
    void reread();
  }, [merchant, reread]);
  const permissions = usePermissions(merchant.mid as number | undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [noAccess, setNoAccess] = useState(false);
  const titleId = useId();
  const addendum = data?.addenda.find((candidate) => candidate.step === stepId && candidate.status !== 'approved');
  if (!addendum) return null;

  const accept = async () => {
    if (permissions.data?.includes('update_user_profile') !== true) return setNoAccess(true);
    setBusy(true);
    setProblem(null);
    try {
      const answer = await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${uuid}/accept_addendum`, { method: 'POST', body: { source: addendum.source } });
      await mutate(keys.merchant(uuid), answer.merchant, { revalidate: false });
      await mutate(keys.addenda(uuid));
    } catch {
      // The spec's text for a failed acceptance (a newer change replaced it, or the network failed).
      setProblem(t('addendum.acceptFailed'));
    } finally {
      setBusy(false);
    }
  };
  const changed = Object.keys(addendum.new_data).filter((field) => JSON.stringify(addendum.new_data[field]) !== JSON.stringify(addendum.old_data[field]));

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id={titleId} component="h3" variant="subtitle1" gutterBottom>
        {t('addendum.title')}
      </Typography>
      {addendum.status === 'pending' && <Typography variant="body2">{t('addendum.pending')}</Typography>}
      {addendum.status === 'accepted' && (
        <Alert severity="info" role="status">
          {t('addendum.accepted')}
        </Alert>
      )}
      {addendum.status === 'declined' && (
        <Alert severity="warning" role="status">
          {t('addendum.declined', { remarks: addendum.remarks ?? '' })}
        </Alert>
      )}
      {addendum.status !== 'declined' && (
        <Box component="dl" sx={{ my: 1.5, '& dd': { ml: 0, mb: 1, overflowWrap: 'anywhere' } }}>
          {changed.map((field) => (
            <Box key={field}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {t(`addendum.field.${field}`)}
              </Typography>
              <Typography component="dd" variant="body2">
                {t('addendum.now')}: {shown(addendum.old_data[field])}
                <br />
                {t('addendum.new')}: {shown(addendum.new_data[field])}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {addendum.file && addendum.status !== 'declined' && (
          <Link component="button" type="button" onClick={() => void downloadFile(addendum.file!, 'addendum.pdf').catch(() => setProblem(t('addendum.acceptFailed')))} sx={{ minHeight: 44 }}>
            {t('addendum.read')}
          </Link>
        )}
        {addendum.status === 'pending' && mayAct && (
          <Button variant="contained" onClick={() => void accept()} disabled={busy || !permissions.data} sx={{ minHeight: 44 }}>
            {t('addendum.accept')}
          </Button>
        )}
      </Box>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
      {noAccess && <NoAccessDialog onClose={() => setNoAccess(false)} />}
    </Box>
  );
}
