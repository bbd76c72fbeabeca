import FormHelperText from '@mui/material/FormHelperText';
import { RichHelp } from '@rjsf/core';
import { helpId, type FieldHelpProps } from '@rjsf/utils';

/**
 * A field's hint under it (`ui:help`), in the hint colour even when the field has errors: a hint is guidance, the
 * field's errors say what is wrong. (The theme's turns red with the error state of the field's MUI `FormControl`, so
 * an unknown IFSC made the cheque hint under it red.)
 */
export function FieldHelpTemplate({ fieldPathId, help, uiSchema, registry }: FieldHelpProps) {
  if (!help) return null;
  return (
    <FormHelperText component="div" id={helpId(fieldPathId)} error={false} sx={{ mt: 0.625 }}>
      <RichHelp help={help} registry={registry} uiSchema={uiSchema} />
    </FormHelperText>
  );
}
