import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { apiFetch } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';
import { TextInput } from '../../../ui/TextInput';
import { NoAccessDialog } from '../../shared/ui/NoAccessDialog';
import { t } from '../../shared/ui/t';
import { loadComponentTexts } from './components/componentTexts';
import { loadStepFormTexts } from '../../../schemas/stepFormTexts';

interface WebsiteComment {
  id: number;
  comment: string;
  commenter: 'merchant' | 'reviewer';
  created_at: string;
}

/**
 * The website's comment thread (onboarding spec sections 2, 7): the reviewer's comments and the merchant's replies,
 * oldest first, and a reply box (POST website_details/{uuid}/comments) with the spec's thanks or failure text. A member
 * without the permission to change the profile sees the reply box, and SEND opens the no-access modal (spec section 6).
 */
export function WebsiteComments({ merchant, mayAct, permitted = true, onChanged }: { merchant: Merchant; mayAct: boolean; permitted?: boolean; onChanged(merchant: Merchant): void }) {
  loadComponentTexts();
  loadStepFormTexts();
  const id = useId();
  const detail = merchant.website_detail as { uuid: string; comments: WebsiteComment[] } | null | undefined;
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [noAccess, setNoAccess] = useState(false);
  const offered = mayAct || !permitted;
  if (!detail || (detail.comments.length === 0 && !offered)) return null;

  const send = async () => {
    if (!reply.trim()) return;
    if (!permitted) return setNoAccess(true);
    setBusy(true);
    setResult(null);
    try {
      const answer = await apiFetch<{ message: string; merchant: Merchant }>(`/api/v1/website_details/${detail.uuid}/comments`, { method: 'POST', body: { comment: { comment: reply } } });
      setReply('');
      setResult({ ok: true, text: answer.message });
      onChanged(answer.merchant);
    } catch {
      setResult({ ok: false, text: t('website.comments.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ mt: 3 }}>
      <Typography id={`${id}-title`} component="h3" variant="subtitle1" gutterBottom>
        {t('website.comments.title')}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {detail.comments.map((comment) => (
          <Box component="li" key={comment.id} sx={{ p: 1.5, borderRadius: 1, bgcolor: comment.commenter === 'reviewer' ? 'action.hover' : 'transparent', border: 1, borderColor: 'divider' }}>
            <Typography variant="caption" color="text.secondary">
              {t(comment.commenter === 'reviewer' ? 'website.comments.reviewer' : 'website.comments.you')} · {new Date(comment.created_at).toLocaleString()}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{comment.comment}</Typography>
          </Box>
        ))}
      </Box>
      {offered && (
        <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
          <TextInput id={`${id}-reply`} label={t('website.comments.label')} value={reply} onChange={(event) => setReply(event.target.value)} disabled={busy} inputProps={{ maxLength: 1000 }} />
          <Button variant="outlined" onClick={() => void send()} disabled={busy || !reply.trim()} sx={{ justifySelf: 'start', minHeight: 44 }}>
            {t('website.comments.send')}
          </Button>
        </Box>
      )}
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'} sx={{ mt: 1 }}>
          {result.text}
        </Alert>
      )}
      {noAccess && <NoAccessDialog onClose={() => setNoAccess(false)} />}
    </Box>
  );
}
