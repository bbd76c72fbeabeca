import en from './messages/stepForms.en.json';
import { addTexts } from './messages';

const texts = { en };

/**
 * Loads the texts of the forms (the fields, hints and choices the step definitions name, the validation messages, the
 * widgets' and the step components' own: schemas/messages/stepForms.en.json) into the catalogue: they come with the
 * screens that show them, not with every first load, and each of those loads them when it renders; so does the server,
 * whose answers name fields everywhere. Their Hindi comes whole at start for a merchant who chose it
 * (src/shared/ui/language.ts).
 */
export function loadStepFormTexts(): void {
  addTexts(texts);
}
