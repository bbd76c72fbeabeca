import { stepValidatorModules, type PrecompiledStep, type ShippedForm } from 'virtual:precompiled-validators';
import { addTexts } from '../schemas/messages';

const loaded = new Map<string, PrecompiledStep>();
const forms = new Map<string, ShippedForm>();
const loading = new Map<string, Promise<void>>();

/**
 * Loads the precompiled validators of the step schema `$id` and the form they check (its own module, see
 * scripts/compile-validators.ts), once; resolves when {@link loadedStepValidator} and {@link loadedForm} have them. Resolves at once for a schema with no precompiled validators.
 */
export function loadStepValidator(id: string): Promise<void> {
  const module = Object.prototype.hasOwnProperty.call(stepValidatorModules, id) ? stepValidatorModules[id] : undefined;
  if (!module || loaded.has(id)) return Promise.resolve();
  let pending = loading.get(id);
  if (!pending) {
    pending = module.load().then(
      ({ step, form }) => {
        // The form's own texts (schemas/messages/steps.en.json), before anything renders it.
        addTexts({ en: form.texts });
        forms.set(module.step, form);
        loaded.set(id, step);
      },
      (error: unknown) => {
        // A failed download (the network) may be tried again.
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Loads the validators of the step `step` (a key of the step catalogue), as {@link loadStepValidator}. */
export function loadValidatorOfStep(step: string): Promise<void> {
  const entry = Object.entries(stepValidatorModules).find(([, module]) => module.step === step);
  return entry ? loadStepValidator(entry[0]) : Promise.resolve();
}

/** Loads every step's validators (tests and tools, which check all steps); resolves to them by step schema `$id`. */
export async function loadAllStepValidators(): Promise<ReadonlyMap<string, PrecompiledStep>> {
  await Promise.all(Object.keys(stepValidatorModules).map(loadStepValidator));
  return loaded;
}

/**
 * The precompiled validators of the step schema `$id`: `undefined` when none were compiled for it, a promise while they
 * are not loaded yet (for React's Suspense), else the validators.
 */
export function loadedStepValidator(id: string): PrecompiledStep | Promise<void> | undefined {
  if (!Object.prototype.hasOwnProperty.call(stepValidatorModules, id)) return undefined;
  return loaded.get(id) ?? loadStepValidator(id);
}

/**
 * The form of step `step` (a key of the step catalogue) as its module shipped it: the schema with its `$ref`s inlined
 * and the step's definition and master tables. Load it first ({@link loadValidatorOfStep}).
 */
export function loadedForm(step: string): ShippedForm {
  const form = forms.get(step);
  if (!form) throw new Error(`The form of ${step} is not loaded; await loadValidatorOfStep(${JSON.stringify(step)}) first`);
  return form;
}
