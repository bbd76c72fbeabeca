import { message } from '../../../schemas/messages';

/** A text of the message catalogue (the spec's words), with `{name}` placeholders filled. */
export const t = (key: string, params?: Record<string, string | number>): string => message(key, params);
