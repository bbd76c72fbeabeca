// The page `bench/renderer.ts` loads in Chromium: one KYC-300 form per page load, rendered the way `?variant=` names,
// and `window.bench` to mount it, fail a submit and type into it while timing each key and each frame.
import { memo, useCallback, useState, type ChangeEvent, type JSX } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Form } from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { StepForm } from '../../renderer/StepForm';
import { loadStepValidator } from '../../renderer/stepValidators';
import { fieldId, fieldName, FIELDS_PER_SECTION, kyc300Schema, kyc300UiSchema, SECTIONS, TYPING } from './kyc300';

const schema = kyc300Schema();
const uiSchema = kyc300UiSchema();
const EMPTY = {};
const DRAFT_KEY = 'bench:kyc-300';
/** Milliseconds between two keys: a fast typist. */
const KEY_INTERVAL = 60;

type Field = { type?: string; title?: string; enum?: string[] };
type Section = { title: string; properties: Record<string, Field> };
const sections = schema.properties as Record<string, Section>;

/** The floor: plain React inputs, one state object, each field re-rendered only when its own value changes. */
function PlainForm() {
  const [data, setData] = useState<Record<string, string | boolean>>({});
  const change = useCallback((id: string, value: string | boolean) => setData((previous) => ({ ...previous, [id]: value })), []);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      {Array.from({ length: SECTIONS }, (_, s) => {
        const section = sections[`section${s + 1}`]!;
        return (
          <fieldset key={s}>
            <legend>{section.title}</legend>
            {Array.from({ length: FIELDS_PER_SECTION }, (_, index) => {
              const id = fieldId(s + 1, fieldName(index));
              return <PlainField key={id} id={id} field={section.properties[fieldName(index)]!} value={data[id]} onChange={change} />;
            })}
          </fieldset>
        );
      })}
      <button type="submit">Submit</button>
    </form>
  );
}

const PlainField = memo(function PlainField({ id, field, value, onChange }: { id: string; field: Field; value: string | boolean | undefined; onChange(id: string, value: string | boolean): void }) {
  const onInput = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange(id, event.target instanceof HTMLInputElement && event.target.type === 'checkbox' ? event.target.checked : event.target.value);
  let control;
  if (field.enum) {
    control = (
      <select id={id} value={String(value ?? '')} onChange={onInput}>
        <option value="" />
        {field.enum.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    );
  } else if (field.type === 'boolean') {
    control = <input id={id} type="checkbox" checked={value === true} onChange={onInput} />;
  } else {
    control = <input id={id} type={field.type === 'integer' ? 'number' : 'text'} value={String(value ?? '')} onChange={onInput} />;
  }
  return (
    <p>
      <label htmlFor={id}>{field.title}</label> {control}
    </p>
  );
});

/** Stock @rjsf/mui with @rjsf/validator-ajv8, uncontrolled, validating on submit (its defaults). */
function StockForm() {
  return <Form schema={schema as RJSFSchema} uiSchema={uiSchema} validator={validator} onSubmit={() => undefined} />;
}

/** Our StepForm the way a step screen uses it: the screen keeps what `onChange` reports and re-renders with it. */
function OursForm() {
  const [, setData] = useState<object>(EMPTY);
  return <StepForm<object> schema={schema} uiSchema={uiSchema} formData={EMPTY} onChange={setData} onSubmit={() => undefined} draftKey={DRAFT_KEY} />;
}

const variants: Record<string, () => JSX.Element> = { plain: PlainForm, stock: StockForm, ours: OursForm, 'ours-live': OursForm };

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const afterPaint = async () => {
  await nextFrame();
  await new Promise((resolve) => setTimeout(resolve, 0));
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

const variant = new URLSearchParams(location.search).get('variant') ?? 'plain';
const Variant = variants[variant];
if (!Variant) throw new Error(`unknown variant ${variant}`);
localStorage.removeItem(`draft:${DRAFT_KEY}`);

const FIELD_IDS = Array.from({ length: SECTIONS }, (_, s) => Array.from({ length: FIELDS_PER_SECTION }, (_, index) => fieldId(s + 1, fieldName(index)))).flat();

/** Every field's input is in the page (a field still to be rendered is not). */
const allFieldsInPage = () => FIELD_IDS.every((id) => document.getElementById(id) !== null);

/** The fields whose input has no label with text, or cannot be focused: none, for the fields to count as shown. */
function unlabelledOrUnfocusable(): string[] {
  return FIELD_IDS.filter((id) => {
    const input = document.getElementById(id) as HTMLInputElement;
    // A label for it, or (an MUI Select's combobox) the elements it is labelled by, other than itself.
    const labelledBy = (input.getAttribute('aria-labelledby') ?? '').split(' ').filter((other) => other && other !== id);
    const named = Boolean(input.labels?.[0]?.textContent) || labelledBy.some((other) => document.getElementById(other)?.textContent);
    return !named || input.disabled || input.tabIndex < 0;
  });
}

declare global {
  interface Window {
    bench: {
      /**
       * Renders the form; mount is until the first frame after the commit (layout and paint included); allFieldsMs
       * until the frame after every field's input is in the page, labelled and focusable (a form may render its lower
       * sections later).
       */
      mount(): Promise<{ mountMs: number; jsMs: number; allFieldsMs: number }>;
      /** Clicks submit on the empty form, which fails; our StepForm then validates live. */
      failSubmit(): Promise<{ errorsShown: number }>;
      /** Types `TYPING`, one key every KEY_INTERVAL ms; per key the JS time of its input event (handlers and the
       * render React flushes for it), and every frame's duration while typing. */
      type(): Promise<{ keys: number[]; frames: number[]; typed: string[] }>;
    };
  }
}

window.bench = {
  async mount() {
    // Downloaded beside the screen in the app (src/features/onboarding/stepScreens.ts), as stock's validator is bundled.
    await loadStepValidator(schema.$id as string);
    const container = document.getElementById('root')!;
    const root = createRoot(container);
    const start = performance.now();
    flushSync(() => root.render(<Variant />));
    const jsMs = performance.now() - start;
    await afterPaint();
    const mountMs = performance.now() - start;
    while (!allFieldsInPage()) await nextFrame();
    await afterPaint();
    const allFieldsMs = performance.now() - start;
    // Checked once they are all there (asking each input for its labels walks the page: not part of the time).
    const notShown = unlabelledOrUnfocusable();
    if (notShown.length > 0) throw new Error(`not labelled or not focusable: ${notShown.slice(0, 5).join(', ')}…`);
    return { mountMs, jsMs, allFieldsMs };
  },
  async failSubmit() {
    document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await afterPaint();
    await afterPaint();
    return { errorsShown: document.querySelectorAll('[aria-invalid="true"]').length };
  },
  async type() {
    const keys: number[] = [];
    const frames: number[] = [];
    let typing = true;
    let last = await nextFrame();
    const onFrame = (now: number) => {
      frames.push(now - last);
      last = now;
      if (typing) requestAnimationFrame(onFrame);
    };
    requestAnimationFrame(onFrame);
    for (const { section, field, text } of TYPING) {
      document.getElementById(fieldId(section, field))!.focus();
      for (const character of text) {
        await sleep(KEY_INTERVAL);
        const input = document.getElementById(fieldId(section, field)) as HTMLInputElement;
        const start = performance.now();
        setInputValue.call(input, input.value + character);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        // React renders a discrete event's updates before this continuation runs (in the dispatch or a microtask).
        await Promise.resolve();
        keys.push(performance.now() - start);
      }
    }
    await sleep(KEY_INTERVAL);
    typing = false;
    const typed = TYPING.map(({ section, field }) => (document.getElementById(fieldId(section, field)) as HTMLInputElement).value);
    return { keys, frames, typed };
  },
};
