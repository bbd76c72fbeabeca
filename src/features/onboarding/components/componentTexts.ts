import en from '../../../../schemas/messages/stepComponents.en.json';
import { addTexts } from '../../../../schemas/messages';

const texts = { en };

/**
 * Loads the texts of the step components that open only inside a step (identity checks, bank proof and bank update,
 * OTP dialogs, the website's status, comments and documents, the service agreement and its e-sign:
 * schemas/messages/stepComponents.*.json) into the catalogue: they come with those components, not with every first
 * load, and each of them loads them when it renders.
 */
export function loadComponentTexts(): void {
  addTexts(texts);
}
