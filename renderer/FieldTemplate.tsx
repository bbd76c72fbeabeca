import FormControl from '@mui/material/FormControl';
import Typography from '@mui/material/Typography';
import { ADDITIONAL_PROPERTY_FLAG, getTemplate, getUiOptions, type FieldTemplateProps, type RJSFSchema, type UIOptionsType } from '@rjsf/utils';
import { FieldBusy } from './FieldBusy';

/**
 * The theme's field template (the field, its description, errors and help), except that a field drawn by the default
 * text, select or checkbox widget, which draws its own state (`OutlinedField`, `CheckboxWidget`), or an object, is not
 * wrapped in an MUI `FormControl`: a styled component computing its styles on every render, which such a field does not read.
 * Other widgets (radio groups, checkbox lists, the project's own) take their error and required state from the
 * `FormControl` as in the theme. While a lookup runs for the field (`ui:busy`, its text) a status line with a progress
 * bar shows: over an object's fields (an address the registry fills), under a single field.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, classNames, style, disabled, displayLabel, hidden, label, onKeyRename, onKeyRenameBlur, onRemoveProperty, readonly, required, rawErrors = [], errors, help, description, rawDescription, schema, uiSchema, registry } =
    props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>;
  const busy = typeof uiOptions.busy === 'string' ? <FieldBusy text={uiOptions.busy} /> : null;
  const content = (
    <>
      {schema.type === 'object' && busy}
      {children}
      {schema.type !== 'object' && busy}
      {displayLabel && uiOptions.widget !== 'checkbox' && rawDescription ? (
        <Typography variant="caption" color="textSecondary">
          {description}
        </Typography>
      ) : null}
      {errors}
      {help}
    </>
  );
  const wrapped = needsNoFormControl(schema, uiOptions) ? (
    content
  ) : (
    <FormControl fullWidth error={rawErrors.length > 0} required={required}>
      {content}
    </FormControl>
  );
  // A property of the schema's own (not an additional one) needs no wrapping template, only its `div`.
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) {
    return (
      <div className={classNames} style={style}>
        {wrapped}
      </div>
    );
  }
  return (
    // eslint-disable-next-line react-hooks/static-components -- a template of the registry, the same on every render
    <WrapIfAdditionalTemplate
      classNames={classNames}
      style={style}
      disabled={disabled}
      id={id}
      label={label}
      displayLabel={displayLabel}
      rawDescription={rawDescription}
      onKeyRename={onKeyRename}
      onKeyRenameBlur={onKeyRenameBlur}
      onRemoveProperty={onRemoveProperty}
      readonly={readonly}
      required={required}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
    >
      {wrapped}
    </WrapIfAdditionalTemplate>
  );
}

const TYPES_WITHOUT_FORM_CONTROL = new Set(['string', 'number', 'integer', 'boolean', 'object']);

/**
 * A field the default text, select or checkbox widget draws (one value of a simple type, no other widget named), or an
 * object, whose fields each have their own template.
 */
function needsNoFormControl(schema: RJSFSchema, uiOptions: UIOptionsType): boolean {
  const widget = uiOptions.widget;
  return (widget === undefined || (widget === 'checkbox' && schema.type === 'boolean')) && typeof schema.type === 'string' && TYPES_WITHOUT_FORM_CONTROL.has(schema.type);
}
