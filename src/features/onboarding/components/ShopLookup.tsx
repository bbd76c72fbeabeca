import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from '../../../../schemas/types';
import { apiFetch, ApiRequestError } from '../../../shared/api/fetcher';
import { t } from '../../../shared/ui/t';
import type { StepComponentProps } from '../stepComponents';
import { loadStepFormTexts } from '../../../../schemas/stepFormTexts';

/**
 * Looks up the shop-establishment registration typed (`shop_number` in area `area_code`) and says whose it is, or
 * why it was not found (DVS shop details, onboarding spec section 7).
 */
export function ShopLookup({ merchant, data, readonly }: StepComponentProps) {
  loadStepFormTexts();
  const [result, setResult] = useState<{ key: string; text: string }>();
  const shopNumber = typeof data.shop_number === 'string' ? data.shop_number : '';
  const areaCode = typeof data.area_code === 'string' ? data.area_code : '';
  if (readonly || !shopNumber || !areaCode) return null;
  const key = `${shopNumber}|${areaCode}`;

  const lookUp = async () => {
    setResult(undefined);
    try {
      const body = await apiFetch<{ shop_details: { entity_name: string } }>(`/api/v1/dvs_wrapper/${merchant.uuid}/shop_details`, {
        method: 'POST',
        body: { reg_no: shopNumber, area_code: areaCode },
      });
      setResult({ key, text: t('business.shop.found', { name: body.shop_details.entity_name }) });
    } catch (error) {
      const errors = error instanceof ApiRequestError && error.status === 422 ? (error.body.errors as FieldErrors) : undefined;
      setResult({ key, text: errors?.reg_no?.[0] ?? t('business.shop.notFound') });
    }
  };

  return (
    <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="outlined" onClick={lookUp}>
        {t('business.shop.lookup')}
      </Button>
      {result && result.key === key && (
        <Typography variant="body2" role="status">
          {result.text}
        </Typography>
      )}
    </Box>
  );
}
