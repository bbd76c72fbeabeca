import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { IChangeEvent } from '@rjsf/core';
import { Form } from '@rjsf/mui';
import { getSubmitButtonOptions } from '@rjsf/utils';
import { catalogueFor, type Catalogue } from '../schemas/messages';
import type { FieldErrors, JsonSchema, UiSchema } from '../schemas/types';
import { widgets } from '../widgets';
import { BaseInputTemplate } from './BaseInputTemplate';
import { createValidator } from './createValidator';
import { draftStore } from './draftStore';
import { ErrorBox } from './ErrorBox';
import { localizeUiSchema } from './localizeUiSchema';
import { renderableSchema } from './renderableSchema';
import { SelectWidget } from './SelectWidget';
import { serverErrorSchema, withoutEditedFields } from './serverErrorSchema';

const templates = { BaseInputTemplate };
// rjsf v6 defaults a `oneOf` of consts (a select with titles) to its first option; the merchant must choose.
const defaultFormStateBehavior = { constAsDefaults: 'skipOneOf' } as const;
const formWidgets = { ...widgets, SelectWidget };

/** The props of {@link StepForm}. */
export interface StepFormProps<T extends object> {
  /** The step's JSON Schema as stored in `schemas/` (cross-file `$ref`s allowed). */
  schema: JsonSchema;
  /** Its uiSchema; strings that are catalogue keys are shown translated. */
  uiSchema: UiSchema;
  /** The data to start from; a change of its content (not only of its identity) starts the form over from it. */
  formData: T;
  /** Called with valid data only. A rejection keeps the draft; report the failure through `problems`. */
  onSubmit(data: T): void | Promise<void>;
  /** Called with the data after every change (after `transformChange`). */
  onChange?(data: T): void;
  /** Adjusts the data after every change, e.g. to suggest a business entity from the PAN. */
  transformChange?(next: T, previous: T): T;
  /** The server's 422 errors by field, shown under the fields; a field's errors go once it is edited. */
  fieldErrors?: FieldErrors;
  /** Problems of the whole form, shown in the "Oh no!" box above the submit button. */
  problems?: readonly string[];
  /** Called by the "Oh no!" box's close button; the caller clears `problems`. */
  onDismissProblems?(): void;
  /** The request id of the failed submit, shown under the problems. */
  problemReference?: string;
  /** Shows the data without a submit button. */
  readonly?: boolean;
  /** While true the submit button is disabled and shows progress. */
  busy?: boolean;
  /** Keeps unsent changes in localStorage under `draft:<draftKey>` until a submit succeeds. */
  draftKey?: string;
  /** Prefix of the field ids, for two forms on one page. */
  idPrefix?: string;
  catalogue?: Catalogue;
  /** Shown below the fields, above the "Oh no!" box and the submit button. */
  children?: ReactNode;
}

/**
 * The generic step form: renders a step's schema and uiSchema with the MUI theme and the project's widgets,
 * validates with the project's Ajv in the catalogue's words, and keeps what the merchant typed as a draft.
 */
export function StepForm<T extends object>({
  schema,
  uiSchema,
  formData,
  onSubmit,
  onChange,
  transformChange,
  fieldErrors,
  problems = [],
  onDismissProblems,
  problemReference,
  readonly = false,
  busy = false,
  draftKey,
  idPrefix,
  catalogue = catalogueFor(),
  children,
}: StepFormProps<T>) {
  const rjsfSchema = renderableSchema(schema);
  const uiSchemaKey = JSON.stringify(uiSchema);
  const localizedUiSchema = useMemo(
    () => localizeUiSchema(JSON.parse(uiSchemaKey) as UiSchema, catalogue),
    [uiSchemaKey, catalogue],
  );
  const formContext = useMemo(() => ({ catalogue }), [catalogue]);
  const draftKeyInUse = readonly ? undefined : draftKey;

  const startingData = () => ({ ...formData, ...(draftKeyInUse && draftStore.read(draftKeyInUse)) }) as T;
  const formDataKey = JSON.stringify(formData);
  const [data, setData] = useState<T>(startingData);
  const [dataSource, setDataSource] = useState(formDataKey);
  if (formDataKey !== dataSource) {
    setDataSource(formDataKey);
    setData(startingData());
  }

  const fieldErrorsKey = JSON.stringify(fieldErrors ?? {});
  const [serverErrors, setServerErrors] = useState<FieldErrors>(fieldErrors ?? {});
  const [serverErrorsSource, setServerErrorsSource] = useState(fieldErrorsKey);
  if (fieldErrorsKey !== serverErrorsSource) {
    setServerErrorsSource(fieldErrorsKey);
    setServerErrors(fieldErrors ?? {});
  }
  const extraErrors = useMemo(() => serverErrorSchema(serverErrors), [serverErrors]);

  const [submitAttempted, setSubmitAttempted] = useState(false);

  const handleChange = (event: IChangeEvent<T>) => {
    const changed = (event.formData ?? {}) as T;
    const next = transformChange ? transformChange(changed, data) : changed;
    setData(next);
    setServerErrors((errors) => withoutEditedFields(errors, data, next));
    if (draftKeyInUse) {
      if (JSON.stringify(next) === formDataKey) draftStore.clear(draftKeyInUse);
      else draftStore.save(draftKeyInUse, next);
    }
    onChange?.(next);
  };

  const handleSubmit = async (event: IChangeEvent<T>) => {
    try {
      await onSubmit(event.formData as T);
    } catch {
      // A failed submit is the caller's to report (through `problems`); the draft stays so nothing typed is lost.
      return;
    }
    if (draftKeyInUse) draftStore.clear(draftKeyInUse);
  };

  const { submitText, norender } = getSubmitButtonOptions(localizedUiSchema);

  return (
    <Form
      schema={rjsfSchema}
      uiSchema={localizedUiSchema}
      formData={data}
      formContext={formContext}
      validator={createValidator(catalogue)}
      widgets={formWidgets}
      templates={templates}
      experimental_defaultFormStateBehavior={defaultFormStateBehavior}
      idPrefix={idPrefix}
      readonly={readonly}
      extraErrors={extraErrors}
      onChange={handleChange}
      onSubmit={handleSubmit}
      onError={() => setSubmitAttempted(true)}
      liveValidate={submitAttempted ? 'onChange' : false}
      omitExtraData
      liveOmit="onChange"
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
    >
      {children}
      <Box sx={{ mt: 3, display: 'grid', gap: 2 }}>
        <ErrorBox messages={problems} onClose={onDismissProblems} reference={problemReference} catalogue={catalogue} />
        {readonly || norender ? null : (
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {submitText}
            </Button>
          </Box>
        )}
      </Box>
    </Form>
  );
}
