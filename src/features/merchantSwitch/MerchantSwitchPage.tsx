import { useNavigate } from '../../shared/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import en from '../../../schemas/messages/merchantSwitch.en.json';
import { addTexts } from '../../../schemas/messages';
import { AppHeader } from '../../app/AppHeader';
import { useCurrentMerchant } from '../../shared/api/currentMerchant';
import type { MerchantSummary } from '../../shared/api/types';
import { chooseSessionMerchant } from '../../shared/session/session';
import { t } from '../../shared/ui/t';

const texts = { en };

const nameOf = (merchant: MerchantSummary) => merchant.name?.trim() || t('merchantSwitch.noName');

/**
 * Team Accounts of the account menu (platform spec section 2, /app/account/team-accounts): the merchants the user acts
 * for (name, MID, role), the current one marked. Choosing one makes it the session's merchant (kept across reloads,
 * read by every screen through currentMerchant.ts) and goes to /onboarding.
 */
export default function MerchantSwitchPage() {
  addTexts(texts);
  const navigate = useNavigate();
  const { merchants, uuid, summary } = useCurrentMerchant();
  const choose = (merchant: MerchantSummary) => {
    chooseSessionMerchant(merchant.uuid);
    navigate('/onboarding');
  };

  let content;
  if (merchants.error) content = <Alert severity="error">{t('onboarding.loadFailed')}</Alert>;
  else if (!merchants.data) content = <LinearProgress aria-label={t('common.loading')} />;
  else {
    const list = merchants.data;
    content = (
      <Paper variant="outlined">
        <List aria-label={t('merchantSwitch.listLabel')} disablePadding>
          {list.map((merchant, index) => {
            const current = merchant.uuid === uuid;
            const details = [t('merchantSwitch.mid', { mid: merchant.mid }), merchant.role_name && t('merchantSwitch.role', { role: merchant.role_name })];
            return (
              <ListItem key={merchant.uuid} disablePadding divider={index < list.length - 1}>
                <ListItemButton onClick={() => choose(merchant)} selected={current} aria-current={current ? 'true' : undefined}>
                  <ListItemText
                    primary={nameOf(merchant)}
                    secondary={details.filter(Boolean).join(' · ')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                  {current && <Chip label={t('merchantSwitch.current')} color="primary" size="small" sx={{ ml: 1 }} />}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Paper>
    );
  }

  return (
    <>
      <AppHeader merchantName={summary?.name?.trim() || undefined} />
      <Box component="main" sx={{ p: 2, maxWidth: 720, mx: 'auto', display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {t('merchantSwitch.title')}
          </Typography>
          <Typography color="text.secondary">{t('merchantSwitch.intro')}</Typography>
        </Box>
        {content}
      </Box>
    </>
  );
}
