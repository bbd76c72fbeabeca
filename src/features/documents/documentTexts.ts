import en from '../../../schemas/messages/documents.en.json';
import { addTexts } from '../../../schemas/messages';

const texts = { en };

/**
 * Loads the document texts (categories, uploads, reviews: schemas/messages/documents.*.json) into the catalogue: they
 * come with the screens that show them, not with every first load, and each of those loads them when it renders.
 */
export function loadDocumentTexts(): void {
  addTexts(texts);
}
