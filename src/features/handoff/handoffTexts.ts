import en from '../../../schemas/messages/handoff.en.json';
import { addTexts } from '../../../schemas/messages';

/** The texts only the hand-off screens show (schemas/messages/handoff.*.json): they load with those screens. */
addTexts({ en });
