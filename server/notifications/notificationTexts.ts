import documentsEn from '../../schemas/messages/documents.en.json';
import documentsHi from '../../schemas/messages/documents.hi.json';
import notificationsEn from '../../schemas/messages/notifications.en.json';
import notificationsHi from '../../schemas/messages/notifications.hi.json';
import { message, type Catalogue } from '../../schemas/messages';

/**
 * The texts a notice reads, by language: its own (schemas/messages/notifications.*.json) and the documents' labels it
 * names. Kept apart from the app's catalogues: the server writes in the merchant's language, the app in the device's.
 */
const CATALOGUES: Record<string, Catalogue> = {
  en: { ...documentsEn, ...notificationsEn },
  hi: { ...documentsEn, ...notificationsEn, ...documentsHi, ...notificationsHi },
};

/** The languages a notice can be written in; any other is written in English. */
export const NOTIFICATION_LANGUAGES = Object.keys(CATALOGUES);

/** The facts a notice's text is filled in with; `document` is a document label's catalogue key. */
export type NoticeParams = Record<string, string | number | null>;

/** A notice as the merchant reads it: the e-mail's subject and body, and the short SMS. */
export interface NoticeText {
  subject: string;
  body: string;
  sms: string;
}

/**
 * The text of a notice (`key`: its catalogue prefix, as `notify.documentDeclined`) in `language`, with the document
 * label read in that language and the merchant named (or greeted as Merchant when the record has no name).
 */
export function noticeText(key: string, language: string | null, params: NoticeParams): NoticeText {
  const catalogue = CATALOGUES[language ?? 'en'] ?? CATALOGUES.en!;
  const filled: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) if (value !== null) filled[name] = value;
  filled.name = params.name || message('notify.merchantFallback', {}, catalogue);
  if (typeof params.document === 'string') filled.document = message(params.document, {}, catalogue);
  return {
    subject: message(`${key}.subject`, filled, catalogue),
    body: message(`${key}.body`, filled, catalogue),
    sms: message(`${key}.sms`, filled, catalogue),
  };
}
