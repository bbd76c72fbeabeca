import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import { fetchFile } from '../../../shared/api/download';
import { t } from '../../../shared/ui/t';
import { loadComponentTexts } from './componentTexts';

/** How close to the end of the agreement (CSS pixels) counts as read to the end. */
const END_SLACK_PX = 8;

interface AgreementAcceptDialogProps {
  /** The agreement's document uuid: its HTML is GET /kyc_document/{uuid}/generated_agreement_html. */
  documentUuid: string;
  /** I Accept was pressed (shown only once the agreement was scrolled to its end). */
  onAccept(): Promise<void>;
  onClose(): void;
}

/**
 * The acceptance modal (onboarding spec sections 2, 4): the agreement's HTML in a sandboxed frame that may run no
 * script (`sandbox` without `allow-scripts`; the HTML was escaped when it was written), a down arrow that scrolls it,
 * and I Accept only once the merchant has scrolled to its end. The frame keeps the page's origin
 * (`allow-same-origin`) so that this page can follow its scrolling: with scripts disallowed in it, nothing inside can
 * use that. When the HTML cannot be fetched, the frame's place says Oops!! and there is no button.
 */
export function AgreementAcceptDialog({ documentUuid, onAccept, onClose }: AgreementAcceptDialogProps) {
  loadComponentTexts();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [atEnd, setAtEnd] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    let current = true;
    fetchFile(`/api/v1/kyc_document/${documentUuid}/generated_agreement_html`)
      .then((response) => response.text())
      .then(
        (text) => current && setHtml(text),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [documentUuid]);

  /** Follows the frame's scrolling (same origin, no scripts inside) until its end has been reached. */
  const followScrolling = () => {
    const view = frame.current?.contentWindow;
    const page = frame.current?.contentDocument?.scrollingElement;
    if (!view || !page) return;
    const check = () => {
      if (page.scrollTop + page.clientHeight >= page.scrollHeight - END_SLACK_PX) {
        setAtEnd(true);
        view.removeEventListener('scroll', check);
      }
    };
    view.addEventListener('scroll', check, { passive: true });
    check();
  };

  const scrollDown = () => {
    const view = frame.current?.contentWindow;
    view?.scrollBy({ top: Math.max((frame.current?.clientHeight ?? 300) * 0.8, 200), behavior: 'smooth' });
  };

  const accept = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await onAccept();
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : t('agreement.error'));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('agreement.accept.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {failed ? (
          <Alert severity="error" role="alert">
            {t('agreement.accept.fetchFailed')}
          </Alert>
        ) : html === null ? (
          <LinearProgress aria-label={t('common.loading')} />
        ) : (
          <Box sx={{ position: 'relative', flex: 1, minHeight: 320 }}>
            <Box
              component="iframe"
              ref={frame}
              title={t('agreement.accept.frame')}
              sandbox="allow-same-origin"
              srcDoc={html}
              onLoad={followScrolling}
              sx={{ width: '100%', height: fullScreen ? 'calc(100vh - 220px)' : 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
            />
            {!atEnd && (
              <IconButton
                onClick={scrollDown}
                aria-label={t('agreement.accept.scroll')}
                sx={{ position: 'absolute', right: 12, bottom: 12, bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' }, width: 48, height: 48 }}
              >
                <KeyboardArrowDownIcon />
              </IconButton>
            )}
          </Box>
        )}
        {!failed && html !== null && !atEnd && (
          <Typography variant="body2" color="text.secondary">
            {t('agreement.accept.hint')}
          </Typography>
        )}
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
          {t('agreement.close')}
        </Button>
        {!failed && atEnd && (
          <Button variant="contained" onClick={() => void accept()} disabled={busy} sx={{ minHeight: 44 }}>
            {t('agreement.accept.button')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
