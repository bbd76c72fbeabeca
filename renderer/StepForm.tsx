import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { IChangeEvent } from '@rjsf/core';
import ArrayFieldTemplate from '@rjsf/mui/lib/ArrayFieldTemplate/index.js';
import DescriptionField from '@rjsf/mui/lib/DescriptionField/index.js';
import MultiSchemaFieldTemplate from '@rjsf/mui/lib/MultiSchemaFieldTemplate/index.js';
import SubmitButton from '@rjsf/mui/lib/SubmitButton/index.js';
import { RemoveButton } from '@rjsf/mui/lib/IconButton/index.js';
import { deepEquals, getSubmitButtonOptions, type ValidatorType } from '@rjsf/utils';
import { catalogueFor, type Catalogue } from '../schemas/messages';
import type { FieldErrors, JsonSchema, UiSchema } from '../schemas/types';
import { widgets } from '../widgets';
import type { FormServices } from '../widgets/formServices';
import { AddButton } from './AddButton';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { BaseInputTemplate } from './BaseInputTemplate';
import { CheckboxWidget } from './CheckboxWidget';
import { createValidator } from './createValidator';
import { draftStore } from './draftStore';
import { FieldErrorTemplate } from './FieldErrorTemplate';
import { FieldHelpTemplate } from './FieldHelpTemplate';
import { FieldLevelForm } from './FieldLevelForm';
import { FieldTemplate } from './FieldTemplate';
import { FieldStore } from './FieldStore';
import { lazyWidget, loadWidgets, preloadWidgets } from '../widgets/lazyWidget';
import { localizeUiSchema } from './localizeUiSchema';
import { NumberField } from './NumberField';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { renderableSchema } from './renderableSchema';
import { SelectWidget } from './SelectWidget';
import { serverErrorSchema, withoutEditedFields } from './serverErrorSchema';
import { StoreSchemaField } from './StoreSchemaField';
import { TitleFieldTemplate } from './TitleFieldTemplate';
import { StepFormFooter, StepFormFooterContext, StepFormFooterStore, type StepFormFooterProps } from './StepFormFooter';
import { useContentStable } from './useContentStable';
import { loadStepFormTexts } from '../schemas/stepFormTexts';

// The theme's templates one by one, not its generateTemplates(): that brings them all, and with them MUI's TextField
// (its select, menu, popover and modal) for properties the forms never have (additionalProperties). Those not named
// here are rjsf's own; the error list is never shown (showErrorList={false}: the "Oh no!" box says what went wrong).
const themeTemplates = { ArrayFieldTemplate, DescriptionFieldTemplate: DescriptionField, MultiSchemaFieldTemplate, ButtonTemplates: { SubmitButton, RemoveButton } };
const templates = {
  ...themeTemplates,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ArrayFieldItemTemplate,
  BaseInputTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
  ButtonTemplates: { ...themeTemplates.ButtonTemplates, AddButton },
};
// The theme's widgets one by one, not its `Theme`: that would bring its range widget (MUI's Slider), which no step uses
// (rjsf's own serves a `range` if one ever does).
const formWidgets = {
  // Drawn without MUI's styled components, small enough to come with every form (a lazy widget's first render waits
  // for its download and for React's Suspense reveal).
  CheckboxWidget,
  CheckboxesWidget: lazyWidget(() => import('@rjsf/mui/lib/CheckboxesWidget/CheckboxesWidget.js').then((module) => module.default)),
  RadioWidget: lazyWidget(() => import('@rjsf/mui/lib/RadioWidget/RadioWidget.js').then((module) => module.default)),
  TextareaWidget: lazyWidget(() => import('@rjsf/mui/lib/TextareaWidget/TextareaWidget.js').then((module) => module.default)),
  ...widgets,
  SelectWidget,
};
/** Loads the widgets the forms load on demand now (tests render forms as the app shows them once they are loaded). */
export const loadFormWidgets = (): Promise<unknown> => loadWidgets(formWidgets);
const fields = { SchemaField: StoreSchemaField, NumberField };
// rjsf v6 defaults a `oneOf` of consts (a select with titles) to its first option; the merchant must choose.
const defaultFormStateBehavior = { constAsDefaults: 'skipOneOf' } as const;
const NO_PROBLEMS: readonly string[] = [];
const NO_FIELD_ERRORS: FieldErrors = {};

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
  /** The heading level of the form's section titles: 4 under a step's row (`h3`), 3 under a page section's `h2`. */
  titleLevel?: 3 | 4;
  /** What the widgets call outside the form (the IFSC directory, ...), given to them through rjsf's `formContext`. Keep it one object for the form's life. */
  services?: FormServices;
}

/**
 * The generic step form: renders a step's schema and uiSchema with the MUI theme and the project's widgets,
 * validates with the step's precompiled validator in the catalogue's words, and keeps what the merchant typed as a
 * draft.
 *
 * Built for large forms: rjsf holds the data (uncontrolled) and applies a field edit to that field only
 * ({@link FieldLevelForm}); the rjsf form re-renders only when its schema, uiSchema, data source, server errors or
 * validation mode change in content, and the caller's children, problems and busy state reach the footer without it.
 */
export function StepForm<T extends object>({
  schema,
  uiSchema,
  formData,
  onSubmit,
  onChange,
  transformChange,
  fieldErrors = NO_FIELD_ERRORS,
  problems = NO_PROBLEMS,
  onDismissProblems,
  problemReference,
  readonly = false,
  busy = false,
  draftKey,
  idPrefix,
  catalogue = catalogueFor(),
  children,
  titleLevel,
  services,
}: StepFormProps<T>) {
  loadStepFormTexts();
  const stepSchema = useContentStable(schema);
  const rjsfSchema = useMemo(() => renderableSchema(stepSchema), [stepSchema]);
  const stepUiSchema = useContentStable(uiSchema);
  const localizedUiSchema = useMemo(() => localizeUiSchema(stepUiSchema, catalogue), [stepUiSchema, catalogue]);
  const [fieldStore] = useState(() => new FieldStore());
  const formContext = useMemo(() => ({ catalogue, fieldStore, titleLevel, services }), [catalogue, fieldStore, titleLevel, services]);
  const draftKeyInUse = readonly ? undefined : draftKey;

  // The data to start from: the caller's, with the draft over it. A new source (by content) starts the form over.
  const sourceData = useContentStable(formData);
  const [start, setStart] = useState(() => ({ source: sourceData, data: startingData(sourceData, draftKeyInUse) }));
  if (start.source !== sourceData) setStart({ source: sourceData, data: startingData(sourceData, draftKeyInUse) });
  const sourceText = useMemo(() => JSON.stringify(sourceData), [sourceData]);
  const [initialData] = useState(start.data);

  const serverErrorsSource = useContentStable(fieldErrors);
  const [serverErrors, setServerErrors] = useState({ source: serverErrorsSource, errors: serverErrorsSource });
  if (serverErrors.source !== serverErrorsSource) setServerErrors({ source: serverErrorsSource, errors: serverErrorsSource });
  const extraErrors = useMemo(() => serverErrorSchema(serverErrors.errors), [serverErrors.errors]);

  const [submitAttempted, setSubmitAttempted] = useState(false);
  const form = useRef<FieldLevelForm>(null);
  // What the merchant has now (after transformChange), for the next change; rjsf holds the same.
  const latestData = useRef<T>(initialData);

  useEffect(() => {
    if (draftKeyInUse) return () => draftStore.flush(draftKeyInUse);
  }, [draftKeyInUse]);
  // The widgets no step opens with (radio groups, checkboxes…) arrive once the form has shown.
  useEffect(() => preloadWidgets(formWidgets), []);

  useLayoutEffect(() => {
    if (latestData.current === start.data) return;
    latestData.current = start.data;
    form.current?.startOver(start.data as Record<string, unknown>);
  }, [start.data]);

  // A draft laid over the caller's data is news to the caller (its rules depend on the data): tell it, as a change.
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const startText = useMemo(() => JSON.stringify(start.data), [start.data]);
  useEffect(() => {
    if (startText !== sourceText) onChangeRef.current?.(start.data);
  }, [start.data, startText, sourceText]);

  const handleChange = (event: IChangeEvent) => {
    const changed = (event.formData ?? {}) as T;
    const previous = latestData.current;
    const next = transformChange ? transformChange(changed, previous) : changed;
    latestData.current = next;
    if (next !== changed && !deepEquals(next, changed)) form.current?.startOver(next as Record<string, unknown>);
    if (Object.keys(serverErrors.errors).length > 0) {
      setServerErrors((current) => {
        const kept = withoutEditedFields(current.errors, previous, next);
        return kept === current.errors ? current : { ...current, errors: kept };
      });
    }
    // Written once the merchant pauses; a draft equal to the data given is removed instead.
    if (draftKeyInUse) draftStore.saveSoon(draftKeyInUse, next, sourceText);
    onChange?.(next);
  };

  const handleSubmit = async (event: IChangeEvent) => {
    try {
      await onSubmit(event.formData as T);
    } catch {
      // A failed submit is the caller's to report (through `problems`); the draft stays so nothing typed is lost.
      return;
    }
    if (draftKeyInUse) draftStore.clear(draftKeyInUse);
  };

  // rjsf gets handlers that never change, which call the latest ones.
  const handlers = useRef({ handleChange, handleSubmit });
  useLayoutEffect(() => {
    handlers.current = { handleChange, handleSubmit };
  });
  const formHandlers = useMemo(
    () => ({
      onChange: (event: IChangeEvent) => handlers.current.handleChange(event),
      onSubmit: (event: IChangeEvent) => handlers.current.handleSubmit(event),
      onError: () => setSubmitAttempted(true),
    }),
    [],
  );

  const validator = createValidator(stepSchema, catalogue) as ValidatorType<Record<string, unknown>>;
  const rjsfForm = useMemo(
    () => (
      <FieldLevelForm
        ref={form}
        schema={rjsfSchema}
        uiSchema={localizedUiSchema}
        initialFormData={initialData as Record<string, unknown>}
        formContext={formContext}
        validator={validator}
        fields={fields}
        widgets={formWidgets}
        templates={templates}
        experimental_defaultFormStateBehavior={defaultFormStateBehavior}
        idPrefix={idPrefix}
        readonly={readonly}
        extraErrors={extraErrors}
        {...formHandlers}
        liveValidate={submitAttempted ? 'onChange' : false}
        // Data of fields that are gone is dropped on submit, and on the changes rjsf applies in full (a field edit
        // cannot make a field go).
        omitExtraData
        liveOmit="onChange"
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
      >
        <StepFormFooter />
      </FieldLevelForm>
    ),
    [rjsfSchema, localizedUiSchema, initialData, formContext, validator, idPrefix, readonly, extraErrors, formHandlers, submitAttempted],
  );

  const { submitText, norender } = useMemo(() => getSubmitButtonOptions(localizedUiSchema), [localizedUiSchema]);
  const footer: StepFormFooterProps = {
    children,
    problems,
    onDismissProblems,
    problemReference,
    submit: readonly || norender ? undefined : { text: submitText, busy },
    catalogue,
  };
  const [footerStore] = useState(() => new StepFormFooterStore(footer));
  useLayoutEffect(() => footerStore.set(footer));
  return <StepFormFooterContext value={footerStore}>{rjsfForm}</StepFormFooterContext>;
}

/** The caller's data with the draft kept for `draftKey` laid over it. */
function startingData<T extends object>(formData: T, draftKey: string | undefined): T {
  return { ...formData, ...(draftKey && draftStore.read(draftKey)) } as T;
}
