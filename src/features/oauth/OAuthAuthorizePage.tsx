import { useState } from 'react';
import { useLocation } from '../../shared/router';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import en from '../../../schemas/messages/oauth.en.json';
import { addTexts } from '../../../schemas/messages';
import { ApiRequestError, errorText } from '../../shared/api/fetcher';
import { sessionMerchant } from '../../shared/api/sessionMerchant';
import { t } from '../../shared/ui/t';
import { fetchPartner, partnerKey, partnerNavigation, sendConsent, type AuthorizeRequest } from './oauthCalls';
import { readableTextOn } from './readableTextOn';

const texts = { en };

/** The authorize request of the page's query, or null when client_id, redirect_uri or state is missing. */
function authorizeRequestOf(search: string): AuthorizeRequest | null {
  const query = new URLSearchParams(search);
  const [clientId, redirectUri, state] = [query.get('client_id'), query.get('redirect_uri'), query.get('state')];
  return clientId && redirectUri && state ? { client_id: clientId, redirect_uri: redirectUri, state } : null;
}

/** The text of a refused call: the partner refusals by their code, anything else as the API said it. */
function refusalText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('error.generic');
  if (error.body.code === 'redirect_uri_mismatch') return t('oauth.error.redirectUri');
  if (error.body.code === 'unknown_client') return t('oauth.error.client');
  return errorText(error.body, error.status);
}

function Refused({ text }: { text: string }) {
  return (
    <Box component="main" sx={{ p: 2, maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('oauth.error.title')}
      </Typography>
      <Alert severity="error">{text}</Alert>
    </Box>
  );
}

/**
 * /oauth/authorize (platform spec section 2): a signed-in user sees the partner's logo, name and colour and what it
 * will be able to do, and allows or denies. The browser then goes to the partner's registered redirect_uri with the
 * code (or access_denied) and the state. A redirect_uri the server refuses never redirects: the page says why.
 */
export default function OAuthAuthorizePage() {
  addTexts(texts);
  const request = authorizeRequestOf(useLocation().search);
  const partner = useSWR(request ? partnerKey(request) : null, fetchPartner, { revalidateOnFocus: false, shouldRetryOnError: false });
  const merchant = useSWR(request ? 'oauth/sessionMerchant' : null, sessionMerchant, { revalidateOnFocus: false, shouldRetryOnError: false });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!request) return <Refused text={t('oauth.error.request')} />;
  if (partner.error) return <Refused text={refusalText(partner.error)} />;
  if (merchant.error) return <Refused text={refusalText(merchant.error)} />;
  if (!partner.data || !merchant.data) return <LinearProgress aria-label={t('oauth.title', { partner: '' }).trim()} />;

  const brand = partner.data.color_code;
  const onBrand = readableTextOn(brand);
  const answer = async (consent: boolean) => {
    setSending(true);
    setFailure(null);
    try {
      const { redirect_to } = await sendConsent(request, consent, merchant.data?.mid);
      // The server built it from the registered URI; checked again so the page never sends the browser elsewhere.
      if (!redirect_to.startsWith(`${request.redirect_uri}?`) && !redirect_to.startsWith(`${request.redirect_uri}&`)) throw new Error('unexpected redirect');
      partnerNavigation.toPartner(redirect_to);
    } catch (error) {
      setFailure(refusalText(error));
      setSending(false);
    }
  };

  return (
    <Box component="main" sx={{ p: 2, maxWidth: 480, mx: 'auto' }}>
      <Card variant="outlined" sx={{ borderTop: `6px solid ${brand}` }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
            <Box component="img" src={partner.data.logo} alt={t('oauth.logoAlt', { partner: partner.data.name })} sx={{ width: 56, height: 56, borderRadius: 2, flexShrink: 0 }} />
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {t('oauth.title', { partner: partner.data.name })}
            </Typography>
          </Box>
          <Typography sx={{ mb: 1 }}>{t('oauth.consent', { partner: partner.data.name, mid: merchant.data?.mid ?? '' })}</Typography>
          {partner.data.permissions.length > 0 && (
            <>
              <Typography sx={{ fontWeight: 600 }}>{t('oauth.permissions')}</Typography>
              <Box component="ul" sx={{ mt: 0.5, pl: 3 }}>
                {partner.data.permissions.map((permission) => (
                  <li key={permission.name}>{permission.title}</li>
                ))}
              </Box>
            </>
          )}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {sending && <Typography role="status">{t('oauth.redirecting', { partner: partner.data.name })}</Typography>}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
            <Button variant="outlined" disabled={sending} onClick={() => void answer(false)} sx={{ minHeight: 44 }}>
              {t('oauth.deny')}
            </Button>
            <Button
              variant="contained"
              disabled={sending}
              onClick={() => void answer(true)}
              sx={{ minHeight: 44, bgcolor: brand, color: onBrand, '&:hover': { bgcolor: brand, filter: 'brightness(0.9)' } }}
            >
              {t('oauth.allow')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
