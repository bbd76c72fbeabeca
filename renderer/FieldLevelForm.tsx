import Form, { type FormProps, type FormState, type IChangeEvent } from '@rjsf/core';
import {
  ERRORS_KEY,
  getByPath,
  getChangedFields,
  shallowEquals,
  validationDataMerge,
  type ErrorSchema,
  type FieldPathList,
  type RJSFSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { FieldStore, type FieldValue } from './FieldStore';
import { isFieldValidator } from './createValidator';
import { validateFieldLive, validateLive, type LiveValidation } from './liveValidation';
import { reuseUnchanged } from './reuseUnchanged';
import { schemaConditionFields } from './schemaConditionFields';
import { withSchemaRetrievalCache } from './withSchemaRetrievalCache';
import { withValueAt } from '../rules/withValueAt';

type Data = Record<string, unknown>;
/** A field edit whose changes all reach their fields through the {@link FieldStore}: the data it made, and the fields. */
type StoreEdit = { formData: Data | undefined; keys: readonly string[] };
/** rjsf's state, and what the field edits add to it. */
type State = FormState<Data> & {
  /** The index of the live validation the errors come from (if they still do). */
  liveValidation?: LiveValidation;
  /** The latest field edit shown through the store, while its data is the form's. */
  storeEdit?: StoreEdit;
};

/** The state keys a field edit changes; a render that would only show these can be left to the store. */
const FIELD_EDIT_KEYS = new Set([
  'formData',
  'errors',
  'errorSchema',
  'schemaValidationErrors',
  'schemaValidationErrorSchema',
  'liveValidation',
  'isLiveValidationPending',
  'storeEdit',
]);

/**
 * rjsf's `Form`, with a cheaper way to apply the most common change: a new value typed or chosen in a field that no
 * condition of the schema looks at. rjsf applies every change to the whole form: it copies all the data, fills in
 * defaults and resolves the schema over every field, and re-validates everything. Such a field edit cannot change
 * the resolved schema or the defaults, so here it only sets the value (sharing the rest of the data) and, when the form
 * validates live, gives new error objects only to the fields whose errors changed. When every field it changes listens
 * to the form's {@link FieldStore} (`formContext.fieldStore`, see `StoreSchemaField`), only those fields re-render;
 * otherwise rjsf re-renders them and the objects holding them. Every other change (conditions, arrays, objects, widget
 * errors) goes through rjsf's own `onChange`. Used uncontrolled: `initialFormData`, and {@link startOver} for new data.
 */
export class FieldLevelForm extends Form<Data> {
  /** rjsf's whole-form change, for the changes a field edit is not. */
  private readonly applyWholeFormChange: Form<Data>['onChange'] = (this as Form<Data>).onChange;

  override onChange = (newValue: unknown, path: FieldPathList, newErrorSchema?: ErrorSchema, id?: string): void => {
    if (!this.isFieldEdit(newValue, path, newErrorSchema)) {
      this.applyWholeFormChange(newValue as Data, path, newErrorSchema as ErrorSchema<Data> | undefined, id);
      return;
    }
    let storeEdit: StoreEdit | undefined;
    this.setState(
      (state, props) => {
        const next = this.fieldEdit(state, props, path, newValue);
        storeEdit = next.storeEdit;
        return next as State;
      },
      () => {
        if (storeEdit) this.publish(storeEdit.keys);
        this.props.onChange?.(changeEventOf(this.state), id);
      },
    );
  };

  override shouldComponentUpdate(nextProps: FormProps<Data>, nextState: State): boolean {
    // (React hands a class its props as a copy without `ref`, so they are compared key by key.)
    if (nextState.formData !== this.state.formData && shallowEquals(nextProps, this.props)) {
      // A field edit whose fields take their changes from the store: nothing else to render.
      const { storeEdit } = nextState;
      if (storeEdit && storeEdit !== (this.state as State).storeEdit && storeEdit.formData === nextState.formData && this.onlyFieldEditChanges(nextState)) {
        return false;
      }
      // Any other field edit changes what is shown: comparing the whole state deeply to find that out costs more.
      return true;
    }
    return super.shouldComponentUpdate(nextProps, nextState);
  }

  override componentDidUpdate(...args: Parameters<Form<Data>['componentDidUpdate']>): void {
    super.componentDidUpdate(...args);
    // The form rendered in full: every field has its current value and errors as props.
    this.fieldStore?.clear();
  }

  /** rjsf's state, with the schema retrieval of data-independent schemas cached (see withSchemaRetrievalCache). */
  override getStateFromProps(...args: Parameters<Form<Data>['getStateFromProps']>): FormState<Data> {
    const state = super.getStateFromProps(...args);
    const schemaUtils = withSchemaRetrievalCache(state.schemaUtils);
    return schemaUtils === state.schemaUtils ? state : { ...state, schemaUtils, registry: { ...state.registry, schemaUtils } };
  }

  /** Starts over from `formData` (with defaults filled in), as rjsf does when a controlled form gets new data. */
  startOver(formData: Data): void {
    this.setState((state, props) =>
      this.getStateFromProps(props, formData, undefined, false, () => getChangedFields(formData, state.formData, true), false, false, state, props),
    );
  }

  private get fieldStore(): FieldStore | undefined {
    return (this.props.formContext as { fieldStore?: FieldStore } | undefined)?.fieldStore;
  }

  private isFieldEdit(newValue: unknown, path: FieldPathList, newErrorSchema: ErrorSchema | undefined): boolean {
    const { customValidate, transformErrors, noValidate } = this.props;
    const { schema, formData, customErrors } = this.state;
    if (path.length === 0 || newErrorSchema || customValidate || transformErrors || noValidate) return false;
    if (newValue !== null && typeof newValue === 'object') return false;
    const conditionFields = schemaConditionFields(schema);
    if (path.some((segment) => typeof segment === 'string' && conditionFields.has(segment))) return false;
    // rjsf creates missing objects with their defaults; a widget's own errors are cleared by rjsf.
    const parent = path.length === 1 ? formData : getByPath(formData, path.slice(0, -1));
    if (parent === null || typeof parent !== 'object') return false;
    return !getByPath<unknown[]>(customErrors?.ErrorSchema, [...path, ERRORS_KEY])?.length;
  }

  private fieldEdit(state: State, props: FormProps<Data>, path: FieldPathList, newValue: unknown): Partial<State> {
    // As rjsf: a cleared array item is null (Ajv's type checks need a value), a cleared property stays undefined.
    const value = newValue === undefined && typeof path[path.length - 1] === 'number' ? null : newValue;
    const formData = withValueAt(state.formData, path, value) as Data;
    const liveValidate = props.liveValidate === true || props.liveValidate === 'onChange';
    let schemaValidation: ValidationData<Data>;
    let liveValidation: LiveValidation | undefined;
    // The fields whose errors changed, when known (undefined: unknown, so the whole form renders).
    let errorFields: readonly FieldPathList[] | undefined = [];
    if (liveValidate) {
      // The index is of the errors shown only if nothing else (a submit, rjsf's own change) has replaced them since.
      const previous = state.liveValidation?.errorSchema === state.schemaValidationErrorSchema ? state.liveValidation : undefined;
      const validator = state.schemaUtils.getValidator() as ValidatorType<unknown>;
      const shown = (state.schemaValidationErrorSchema ?? {}) as ErrorSchema;
      const schema = state.retrievedSchema ?? state.schema;
      // A field whose errors depend on its value alone is checked alone; the whole form when that is not known.
      const fieldErrors = previous && isFieldValidator(validator) ? validator.validateField(path, value) : undefined;
      liveValidation = previous && fieldErrors ? validateFieldLive(previous, path.map(String), fieldErrors, schema, props.uiSchema) : undefined;
      liveValidation ??= validateLive(validator, schema, props.uiSchema, formData, previous, shown);
      if (liveValidation) {
        schemaValidation = { errors: liveValidation.errors, errorSchema: liveValidation.errorSchema as ErrorSchema<Data> };
        errorFields = liveValidation.changed;
      } else {
        const validation = this.validate(formData, state.schema, state.schemaUtils, state.retrievedSchema, props);
        schemaValidation = { ...validation, errorSchema: reuseUnchanged(state.schemaValidationErrorSchema, validation.errorSchema) };
        errorFields = undefined;
      }
    } else {
      // As rjsf without live validation: the edited field's errors (and its containers' own) go until the next check.
      const errorSchema = withoutErrorsAt(state.schemaValidationErrorSchema, path);
      if (errorSchema === state.schemaValidationErrorSchema) return { formData, storeEdit: this.storeEditOf(formData, [path]) };
      schemaValidation = { errors: state.schemaValidationErrors, errorSchema: errorSchema ?? {} };
      errorFields = undefined;
    }
    let shown = validationDataMerge(schemaValidation, props.extraErrors);
    if (state.customErrors) shown = validationDataMerge(shown, state.customErrors.ErrorSchema, true);
    // Merging copies every object; without anything to merge, the validation's own objects are already shared.
    const merged = shown !== schemaValidation;
    return {
      formData,
      errors: shown.errors,
      errorSchema: merged ? reuseUnchanged(state.errorSchema, shown.errorSchema) : shown.errorSchema,
      schemaValidationErrors: schemaValidation.errors,
      schemaValidationErrorSchema: schemaValidation.errorSchema,
      liveValidation,
      storeEdit: merged || !errorFields ? undefined : this.storeEditOf(formData, [path, ...errorFields]),
      ...(liveValidate && { isLiveValidationPending: false }),
    };
  }

  /** A store edit of `paths`, if a field listens to the store at each of them. */
  private storeEditOf(formData: Data, paths: readonly FieldPathList[]): StoreEdit | undefined {
    const store = this.fieldStore;
    if (!store) return undefined;
    const keys = [...new Set(paths.map((path) => FieldStore.keyOf(path)))];
    return keys.every((key) => store.isListening(key)) ? { formData, keys } : undefined;
  }

  /** Hands the fields at `keys` their value and errors in the committed state. */
  private publish(keys: readonly string[]): void {
    const store = this.fieldStore;
    const { formData, errorSchema, storeEdit } = this.state as State;
    // Rendered in full since (a later change of the same batch): the props are current.
    if (!store || storeEdit?.formData !== formData) return;
    const values = new Map<string, FieldValue>();
    for (const key of keys) {
      const path = key.split('\u0000');
      values.set(key, { formData: getByPath(formData, path), errorSchema: getByPath(errorSchema, path) });
    }
    store.publish(values);
  }

  private onlyFieldEditChanges(nextState: State): boolean {
    const current = this.state as Record<string, unknown>;
    return Object.entries(nextState).every(([key, value]) => FIELD_EDIT_KEYS.has(key) || current[key] === value);
  }
}

/**
 * `errorSchema` without the errors at `path` and the own errors of the objects on the way to it, the root's excepted
 * (as rjsf clears them); the same object when there are none.
 */
function withoutErrorsAt(errorSchema: ErrorSchema<Data> | undefined, path: FieldPathList, isRoot = true): ErrorSchema<Data> | undefined {
  if (!errorSchema) return errorSchema;
  const node = errorSchema as Record<string | number, unknown>;
  const [segment, ...rest] = path as [string | number, ...FieldPathList];
  const child = node[segment] as ErrorSchema<Data> | undefined;
  const clearedChild = child === undefined || rest.length === 0 ? undefined : withoutErrorsAt(child, rest, false);
  const clearsOwn = !isRoot && node[ERRORS_KEY] !== undefined;
  if (clearedChild === child && !clearsOwn) return errorSchema;
  const { [segment]: _child, ...others } = node;
  if (clearsOwn) delete others[ERRORS_KEY];
  return (clearedChild === undefined || isEmpty(clearedChild) ? others : { ...others, [segment]: clearedChild }) as ErrorSchema<Data>;
}

function isEmpty(errorSchema: ErrorSchema<Data>): boolean {
  return Object.keys(errorSchema).length === 0;
}

/** The `onChange` event of a committed state, as rjsf reports it. */
function changeEventOf(state: State): IChangeEvent<Data, RJSFSchema> {
  const { schema, uiSchema, fieldPathId, schemaUtils, formData, edit, errors, errorSchema } = state;
  return { schema, uiSchema, fieldPathId, schemaUtils, formData, edit, errors, errorSchema };
}
