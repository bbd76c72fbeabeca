import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiFetch } from '../../../shared/api/fetcher';
import { t } from '../../../shared/ui/t';
import type { StepComponentProps } from '../stepComponents';
import { loadStepFormTexts } from '../../../../schemas/stepFormTexts';

/** One signatory the company registry lists for a CIN. */
export interface CinSignatory {
  name: string;
  designation?: string;
}

/**
 * Looks up the signatories on record for the CIN typed (`cin_number`) and offers their names for `name`; a failed
 * lookup shows nothing (spec section 8).
 */
export function CinSignatories({ merchant, data, readonly, fill }: StepComponentProps) {
  loadStepFormTexts();
  const merchantUuid = merchant.uuid;
  const cin = typeof data.cin_number === 'string' && data.cin_number !== '' ? data.cin_number : undefined;
  const [found, setFound] = useState<{ cin: string; signatories: CinSignatory[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const lookUp = async () => {
    if (!cin) return;
    setBusy(true);
    try {
      const body = await apiFetch<{ signatories_details: CinSignatory[] }>(`/api/v1/dvs_wrapper/${merchantUuid}/signing_authority_details`, {
        method: 'POST',
        body: { cin },
      });
      setFound({ cin, signatories: body.signatories_details });
    } catch {
      // Not found, or a CIN the registry refuses (its format error shows on the field): nothing to offer.
      setFound({ cin, signatories: [] });
    } finally {
      setBusy(false);
    }
  };

  const current = found && found.cin === cin ? found : null;
  const signatories = current?.signatories ?? [];
  if (readonly) return null;
  return (
    <Box sx={{ my: 2 }}>
      <Button variant="outlined" disabled={!cin || busy} onClick={lookUp}>
        {t('signing.cin.lookup')}
      </Button>
      {current && signatories.length === 0 && (
        <Typography variant="body2" role="status" sx={{ mt: 1 }}>
          {t('signing.cin.noneFound')}
        </Typography>
      )}
      {signatories.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('signing.cin.suggestions')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {signatories.map((signatory) => (
              // A fingertip's height (44 px), as every control a merchant taps; a chip is 32 px by default.
              <Chip key={signatory.name} label={signatory.name} onClick={() => fill({ name: signatory.name })} sx={{ height: 44, borderRadius: 22 }} />
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
