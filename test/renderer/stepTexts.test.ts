import { describe, expect, it } from 'vitest';
import { stepValidatorModules } from 'virtual:precompiled-validators';
import documentTexts from '../../schemas/messages/documents.en.json';
import stepComponentTexts from '../../schemas/messages/stepComponents.en.json';
import stepTexts from '../../schemas/messages/steps.en.json';
import { isMessageKey } from '../../schemas/messages';

const withoutId = (texts: Record<string, string>) => Object.fromEntries(Object.entries(texts).filter(([key]) => key !== '$id'));
const catalogue = withoutId(stepTexts);
/** What a form's module may ship: the steps' texts, and the documents' and step components' a form names. */
const shippable = { ...withoutId(documentTexts), ...withoutId(stepComponentTexts), ...catalogue };

/** Every string in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

// The steps' texts (schemas/messages/steps.en.json) come with each form's module (scripts/compile-validators.ts), so a
// step screen downloads its own texts, not every step's.
describe("the steps' texts shipped with each form", () => {
  it("are, for each form, exactly the steps', documents' and step components' texts its schema, definition and master tables name", async () => {
    for (const module of Object.values(stepValidatorModules)) {
      const { form } = await module.load();
      const named = new Set(strings([form.schema, form.definition, form.master]).filter((text) => text in shippable));
      expect(Object.keys(form.texts).sort(), module.step).toEqual([...named].sort());
      for (const [key, text] of Object.entries(form.texts)) expect(text, key).toBe(shippable[key]);
    }
    const additional = Object.values(stepValidatorModules).find((module) => module.step === 'additional-documents')!;
    expect((await additional.load()).form.texts).toHaveProperty(['documents.submit']);
  });

  it('leave no text of the catalogue that no form ships (it would never reach a screen)', async () => {
    const shipped = new Set<string>();
    for (const module of Object.values(stepValidatorModules)) for (const key of Object.keys((await module.load()).form.texts)) shipped.add(key);
    expect(Object.keys(catalogue).filter((key) => !shipped.has(key))).toEqual([]);
  });

  it('are registered once the form is loaded', () => {
    // test/setup.ts loads every form's module, as the app does when a step opens.
    for (const key of Object.keys(catalogue)) expect(isMessageKey(key), key).toBe(true);
  });
});
