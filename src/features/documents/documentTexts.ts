import en from '../../../schemas/messages/documents.en.json';
import { addTexts } from '../../../schemas/messages';

// The document texts (categories, uploads, reviews: schemas/messages/documents.*.json) come with the screens that
// show them, not with every first load: each of those screens imports this module.
addTexts({ en });
