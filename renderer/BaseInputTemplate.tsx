import ThemeBaseInputTemplate from '@rjsf/mui/lib/BaseInputTemplate/BaseInputTemplate.js';
import { ariaDescribedByIds, type BaseInputTemplateProps } from '@rjsf/utils';

/**
 * The theme's text input, full width (phones down to 360 px), with its error, description and help ids on the
 * `<input>` itself: @rjsf/mui puts `aria-describedby` on the TextField's wrapper, where screen readers never
 * announce a field's error.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, schema, slotProps } = props;
  return (
    <ThemeBaseInputTemplate
      fullWidth
      {...props}
      slotProps={{
        ...slotProps,
        htmlInput: { ...slotProps?.htmlInput, 'aria-describedby': ariaDescribedByIds(id, !!schema.examples) },
      }}
    />
  );
}
