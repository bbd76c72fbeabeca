import en from '../../../../schemas/messages/stepComponents.en.json';
import { addTexts } from '../../../../schemas/messages';

// The texts of the step components that open only inside a step (identity checks, bank proof and bank update, OTP
// dialogs, the website's status, comments and documents, the
// service agreement and its e-sign: schemas/messages/stepComponents.*.json) come with them, not with every first load:
// each of them imports this module.
addTexts({ en });
