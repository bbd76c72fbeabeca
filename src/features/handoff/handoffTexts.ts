import en from '../../../schemas/messages/handoff.en.json';
import { addTexts } from '../../../schemas/messages';

const texts = { en };

/**
 * Loads the texts only the hand-off screens show (schemas/messages/handoff.*.json) into the catalogue: they come with
 * those screens, which load them when they render.
 */
export function loadHandoffTexts(): void {
  addTexts(texts);
}
