import FormHelperText from '@mui/material/FormHelperText';
import { errorId, type FieldErrorProps } from '@rjsf/utils';

/**
 * A field's errors under it, one line each, in the error colour; the block's id is the one the input's
 * `aria-describedby` names, so a screen reader reads them with the field. (@rjsf/mui draws the same lines as an MUI
 * list, whose code every step would download for this.)
 */
export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  const id = errorId(fieldPathId);
  return (
    <div id={id}>
      {errors.map((error, index) => (
        <FormHelperText key={index} component="div" id={`${id}-${index}`} error>
          {error}
        </FormHelperText>
      ))}
    </div>
  );
}
