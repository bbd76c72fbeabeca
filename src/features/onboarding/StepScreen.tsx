import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { compileDefinition, type CompiledDefinition, type LookupRequest } from '../../../rules/steps/compileDefinition';
import type { StepDefinition, SubmitRule } from '../../../rules/steps/types';
import { createValidator } from '../../../renderer/createValidator';
import { draftStore } from '../../../renderer/draftStore';
import { formSchemaFor } from '../../../renderer/formSchemaFor';
import { withBusyFields } from '../../../renderer/withBusyFields';
import { StepForm } from '../../../renderer/StepForm';
import { loadedForm } from '../../../renderer/stepValidators';
import type { FieldErrors, JsonSchema } from '../../../schemas/types';
import { track } from '../../shared/analytics/analytics';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import { formServices } from '../../shared/api/formServices';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';
import { stepComponents, stepDialogs } from './stepComponents';
import type { StepScreenProps } from './stepScreens';
import { SubmitCancelled, useStepSubmit } from './useStepSubmit';
import { ProgressBar } from '../../../ui/ProgressBar';
import { lazyWithRetry } from '../../../ui/lazyWithRetry';

type Data = Record<string, unknown>;

/** The no-access modal of SKIP FOR NOW loads when a member without the permission taps it (out of the PAN step's first load). */
const NoAccessDialog = lazyWithRetry(() => import('../../shared/ui/NoAccessDialog').then((module) => ({ default: module.NoAccessDialog })));
const OtpConfirmDialog = lazyWithRetry(() => import('./components/OtpConfirmDialog').then((module) => ({ default: module.OtpConfirmDialog })));

/** An OTP the screen asks for before it sends a submit (the definition's `submit.otp`), and how the ask ends. */
interface OtpAsk {
  scope: string;
  verified(token: string): void;
  cancelled(): void;
}

/**
 * The "Oh no!" text of a failed submit, as the definition's `submit` says (spec section 8), or null for a 422 whose
 * errors are all on fields the form shows alone (`fieldOnlyProblems`: an IFSC no bank has is said on the IFSC field).
 */
export function submitProblemOf(submit: SubmitRule, error: unknown, fieldErrors: FieldErrors | undefined): string | null {
  const failedFields = Object.entries(fieldErrors ?? {}).flatMap(([key, messages]) => (messages.length > 0 ? [key] : []));
  if (failedFields.length > 0 && failedFields.every((key) => submit.fieldOnlyProblems?.includes(key))) return null;
  const field = submit.problemFields?.find((key) => fieldErrors?.[key]?.[0]);
  if (field) return fieldErrors![field]![0]!;
  if (error instanceof ApiRequestError && error.status !== 422) {
    const text = submit.problemBodyKeys?.map((key) => error.body[key]).find((value) => typeof value === 'string' && value !== '');
    if (typeof text === 'string') return text;
    if (submit.problemFromError) return error.message;
  }
  return t(submit.problemDefault);
}

const shippedSteps = new Map<string, { step: CompiledDefinition; schema: JsonSchema }>();

/** A shipped step's compiled definition and schema, from the step's module (loaded with the screen), compiled once. */
function shippedStep(stepId: string) {
  let shipped = shippedSteps.get(stepId);
  if (!shipped) {
    const { definition, master = {}, schema } = loadedForm(stepId);
    if (definition === undefined) throw new Error(`No step definition for ${stepId}`);
    shipped = { step: compileDefinition(definition as StepDefinition, master), schema };
    shippedSteps.set(stepId, shipped);
  }
  return shipped;
}

/** The screen of a shipped step, from its definition (schemas/steps/<step-id>.step.json). */
export function StepScreen({ stepId, ...props }: StepScreenProps & { stepId: string }) {
  const { step, schema } = shippedStep(stepId);
  return <DefinitionScreen step={step} schema={schema} {...props} />;
}

/**
 * Any step, rendered from its compiled definition (format: schemas/steps/step-definition.json; docs/step-definitions.md):
 * the data the record holds, the values the rules derive as the data changes, the uiSchema their rules give, the
 * lookups a change triggers, the registered components and dialogs it names, and the submit it describes.
 */
export function DefinitionScreen({ step, schema, merchant, readonly, mayAct = !readonly, permitted = true, onSaved, onChanged, onSkipped }: StepScreenProps & { step: CompiledDefinition; schema: JsonSchema }) {
  const { definition } = step;
  const initial = useMemo(() => step.initialDataOf(merchant), [step, merchant]);
  const [data, setData] = useState<Data>(initial);
  // What the form starts from: the record, or the data with a lookup's answer filled in.
  const [seed, setSeed] = useState({ source: initial, data: initial });
  if (seed.source !== initial) {
    setSeed({ source: initial, data: initial });
    setData(initial);
  }
  // The data now, for answers that arrive later; the form holds the same.
  const latest = useRef(data);
  useLayoutEffect(() => {
    latest.current = data;
  }, [data]);
  const draftKey = definition.draft === false ? undefined : `${merchant.uuid}:${definition.id}`;
  // A step without a submit shows its fields (if any) read-only: its components act.
  const shownReadonly = readonly || !definition.submit || step.readonlyFor(merchant);
  const [confirming, setConfirming] = useState<Merchant | null>(null);
  const [otpAsk, setOtpAsk] = useState<OtpAsk | null>(null);
  const [noAccess, setNoAccess] = useState(false);

  const openProblem = step.problemOnOpenFor(merchant);
  /** Saved: the page moves on, or keeps the step open when what follows happens in it (`submit.then`). */
  const { submit } = definition;
  const announceSaved = (saved: Merchant) => (step.staysAfter(saved) ? onSaved(saved, { stay: true }) : onSaved(saved));
  // A save whose confirming dialog has not ended yet, and whether the screen is still shown: a merchant who closes the
  // step while it saves (or before its dialog ends) gets no dialog, but the page still learns what was stored.
  const awaitingDialog = useRef<Merchant | null>(null);
  const shown = useRef(true);
  const announceLater = useRef(announceSaved);
  useLayoutEffect(() => {
    announceLater.current = announceSaved;
  });
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
      const saved = awaitingDialog.current;
      awaitingDialog.current = null;
      if (saved) announceLater.current(saved);
    };
  }, []);
  const { busy, formProps, setProblems } = useStepSubmit<Data>({
    send: async (values) => {
      if (submit?.confirm) stepDialogs[submit.confirm]?.preload();
      const scope = step.otpScopeFor(values, merchant);
      const token = scope
        ? await new Promise<string>((resolve, reject) =>
            setOtpAsk({ scope, verified: (verified) => (setOtpAsk(null), resolve(verified)), cancelled: () => (setOtpAsk(null), reject(new SubmitCancelled())) }),
          )
        : undefined;
      const request = step.submitRequestFor(values, merchant);
      const headers = token ? { 'alternative-token': token } : undefined;
      return (await apiFetch<{ merchant: Merchant }>(request.path, { method: request.method, body: request.body, headers })).merchant;
    },
    problemOf: (error, errors) => (submit ? submitProblemOf(submit, error, errors) : t('error.generic')),
    onSaved: (saved) => {
      const problem = step.outcomeProblemOf(saved);
      if (problem) {
        // Stored but not successful (a failed verification): the page shows the new record, the step stays open.
        setProblems([t(problem)]);
        onChanged?.(saved);
        return;
      }
      // The analytics catalogue decides which steps report form_complete (its formSteps), not this screen.
      track('form_complete', { step_id: definition.id });
      // A change that became an addendum stays in the step to be accepted: no confirmation of a change made.
      if (submit?.confirm && !step.staysAfter(saved) && shown.current) {
        awaitingDialog.current = saved;
        setConfirming(saved);
      } else announceSaved(saved);
    },
    initialProblems: openProblem ? [t(openProblem)] : [],
  });

  /** Sets values (paths) in the form, derived again; the form restarts from them, and so does the draft. */
  const fill = (values: Data) => {
    const filled = step.withFilled(latest.current, values, merchant);
    if (JSON.stringify(filled) === JSON.stringify(latest.current)) return;
    if (draftKey) draftStore.save(draftKey, filled);
    latest.current = filled;
    setData(filled);
    setSeed((current) => ({ ...current, data: filled }));
  };
  // What lookups that found nothing say on their fields (a definition's `failed`), until the field changes.
  const [lookupErrors, setLookupErrors] = useState<FieldErrors>({});
  // The lookups made when the step opens (once per record, below), those a change started that say so on a field (a
  // definition's `busy`), and those that have answered: a field says what it waits for while its lookup runs.
  const openingLookups = useMemo(() => step.openingLookupsFor(initial, merchant), [step, initial, merchant]);
  const [changeLookups, setChangeLookups] = useState<readonly LookupRequest[]>([]);
  const [answeredLookups, setAnsweredLookups] = useState<ReadonlySet<LookupRequest>>(() => new Set());
  const runningLookups = useMemo(
    () => [...openingLookups, ...changeLookups].flatMap((request) => (request.busy && !answeredLookups.has(request) ? [request.busy] : [])),
    [openingLookups, changeLookups, answeredLookups],
  );
  const lookUp = (requests: readonly LookupRequest[]) => {
    for (const request of requests) {
      const ended = () => {
        if (!request.busy) return;
        setAnsweredLookups((current) => new Set(current).add(request));
        setChangeLookups((current) => current.filter((running) => running !== request));
      };
      const sayOnField = (messages: string[] | undefined) =>
        setLookupErrors((current) => {
          const { [request.field]: _previous, ...others } = current;
          return messages ? { ...others, [request.field]: messages } : others;
        });
      apiFetch<unknown>(request.path, { method: request.method, body: request.body }).then(
        (answer) => {
          ended();
          if (!request.appliesTo(latest.current)) return;
          sayOnField(undefined);
          fill(request.fill(answer));
        },
        (error: unknown) => {
          ended();
          // Otherwise silent (spec section 8): the merchant types the value, the schema and the server judge it.
          const notFound = error instanceof ApiRequestError && (error.status === 404 || error.status === 422);
          if (request.failed && notFound && request.appliesTo(latest.current)) sayOnField([t(request.failed)]);
        },
      );
    }
  };

  useEffect(() => {
    lookUp(openingLookups);
    // Once per record the step opens with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openingLookups]);

  const handleChange = (next: Data) => {
    const previous = latest.current;
    latest.current = next;
    setData(next);
    if (!shownReadonly) {
      const requests = step.lookupsFor(previous, next, merchant);
      const saying = requests.filter((request) => request.busy);
      if (saying.length > 0) setChangeLookups((current) => [...current, ...saying]);
      lookUp(requests);
    }
    for (const removal of step.removalsFor(previous, next, merchant)) {
      apiFetch<{ merchant: Merchant }>(removal.path, { method: removal.method }).then(
        (answer) => onChanged?.(answer.merchant),
        () => setProblems([t(removal.failed)]),
      );
    }
  };

  /** After a change: derived values set, and fields that come back (another entity) get the values they started with. */
  const transformChange = (next: Data, previous: Data) => {
    const derived = step.derive(next, merchant, previous);
    const returning = Object.entries(seed.data).filter(([name]) => !(name in derived) && !(name in previous));
    return returning.length === 0 ? derived : step.derive({ ...derived, ...Object.fromEntries(returning) }, merchant, previous);
  };

  const uiSchema = useMemo(() => withBusyFields(step.uiSchemaFor(data, merchant), runningLookups), [step, data, merchant, runningLookups]);
  const formSchema = useMemo(() => {
    const validator = createValidator(schema);
    return formSchemaFor(schema, data, uiSchema, (condition, value) => validator.isValid(condition, value, schema));
  }, [schema, data, uiSchema]);
  const heading = useMemo(() => step.headingFor(merchant), [step, merchant]);
  const submitErrors = formProps.fieldErrors;
  const fieldErrors = useMemo(() => ({ ...lookupErrors, ...submitErrors }), [lookupErrors, submitErrors]);
  const dialog = submit?.confirm ? stepDialogs[submit.confirm] : undefined;

  /** A component the definition names (`components` below the fields, `componentsAbove` above them), loaded on first use. */
  const shownComponent = (name: string) => {
    const Component = stepComponents[name];
    if (!Component) throw new Error(`Step ${definition.id} names component ${name}, which is not registered in stepComponents`);
    return (
      <Suspense key={name} fallback={<ProgressBar label={t('common.loading')} />}>
        <Component stepId={definition.id} merchant={merchant} data={data} readonly={shownReadonly} mayAct={mayAct} permitted={permitted} fill={fill} />
      </Suspense>
    );
  };

  return (
    <Box>
      {heading && (
        <Typography component="h4" variant="subtitle2" gutterBottom>
          {t(heading.key, Object.fromEntries(Object.entries(heading.params).map(([name, value]) => [name, t(value)])))}
        </Typography>
      )}
      {(definition.componentsAbove ?? []).map(shownComponent)}
      <StepForm<Data>
        schema={formSchema}
        uiSchema={uiSchema}
        formData={seed.data}
        transformChange={transformChange}
        onChange={handleChange}
        {...formProps}
        fieldErrors={fieldErrors}
        readonly={shownReadonly}
        draftKey={draftKey}
        idPrefix={definition.idPrefix ?? definition.id}
        services={formServices}
      >
        {(definition.components ?? []).map(shownComponent)}
        {busy && !otpAsk && submit?.busyMessage && (
          <Box role="status" sx={{ my: 2 }}>
            <Typography variant="body2" gutterBottom>
              {t(submit.busyMessage)}
            </Typography>
            <ProgressBar label={t(submit.busyMessage)} />
          </Box>
        )}
      </StepForm>
      {definition.skip && onSkipped && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
          <Button variant="text" onClick={permitted ? onSkipped : () => setNoAccess(true)} sx={{ minHeight: 44 }}>
            {t(definition.skip)}
          </Button>
        </Box>
      )}
      {noAccess && (
        <Suspense fallback={null}>
          <NoAccessDialog onClose={() => setNoAccess(false)} />
        </Suspense>
      )}
      {otpAsk && (
        <Suspense fallback={null}>
          <OtpConfirmDialog scope={otpAsk.scope} merchantUuid={merchant.uuid} onVerified={otpAsk.verified} onCancel={otpAsk.cancelled} />
        </Suspense>
      )}
      {confirming && dialog && (
        <Suspense fallback={null}>
          <dialog.Component
            merchant={confirming}
            onClose={(updated) => {
              awaitingDialog.current = null;
              setConfirming(null);
              announceSaved(updated ?? confirming);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
