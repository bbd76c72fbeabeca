import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { IconButtonProps } from '@rjsf/utils';
import { message } from '../schemas/messages';
import { loadStepFormTexts } from '../schemas/stepFormTexts';

/** A list's "Add …" button, named after the list's item ("Add Beneficial owner"), not an unlabelled "+". */
export function AddButton({ uiSchema, id, className, onClick, disabled }: IconButtonProps) {
  loadStepFormTexts();
  const items = uiSchema?.items as Record<string, unknown> | undefined;
  const item = typeof items?.['ui:title'] === 'string' ? items['ui:title'] : '';
  return (
    <Button id={id} className={className} onClick={onClick} disabled={disabled} variant="outlined" startIcon={<AddIcon />} sx={{ minHeight: 44 }}>
      {item ? message('form.array.addItem', { item }) : message('form.array.add')}
    </Button>
  );
}
