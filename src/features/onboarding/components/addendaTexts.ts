import en from '../../../../schemas/messages/addenda.en.json';
import { addTexts } from '../../../../schemas/messages';

/**
 * The texts only the addendum and GST update screens show (schemas/messages/addenda.*.json): they load with those
 * lazy components, not with the stepper.
 */
addTexts({ en });
