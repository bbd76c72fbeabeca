import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import RemoveIcon from '@mui/icons-material/DeleteOutline';
import { buttonId, type ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { message } from '../schemas/messages';
import { loadStepFormTexts } from '../schemas/stepFormTexts';

/**
 * One item of a list (a beneficial owner): its fields at the full width of the form, and under them a "Remove" button
 * with its name written out. The theme puts the fields in a narrow column beside an icon-only toolbar, which leaves
 * fields about 100 px wide on a 360 px phone.
 */
export function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar }: ArrayFieldItemTemplateProps) {
  loadStepFormTexts();
  const { hasRemove, onRemoveItem, disabled, readonly, fieldPathId } = buttonsProps;
  return (
    <Box sx={{ mb: 2, p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {children}
      {hasToolbar && hasRemove && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            id={buttonId(fieldPathId, 'remove')}
            className="rjsf-array-item-remove"
            color="error"
            startIcon={<RemoveIcon />}
            disabled={disabled || readonly}
            onClick={onRemoveItem}
            sx={{ minHeight: 44 }}
          >
            {message('form.array.remove')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
