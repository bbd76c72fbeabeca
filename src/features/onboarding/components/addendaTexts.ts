import en from '../../../../schemas/messages/addenda.en.json';
import { addTexts } from '../../../../schemas/messages';

const texts = { en };

/**
 * Loads the texts only the addendum and GST update screens show (schemas/messages/addenda.*.json) into the catalogue:
 * they come with those lazy components, not with the stepper, and each of them loads them when it renders.
 */
export function loadAddendaTexts(): void {
  addTexts(texts);
}
