import { t } from '../ui/t';
import { ApiRequestError } from './fetcher';

type Messages = { user?: string[]; code?: string[] };

/** The text for a failed OTP send: messages.user, else "Something went wrong." (spec section 8). */
export function sendOtpError(error: unknown): string {
  return fieldText(error, 'identity') ?? messagesOf(error).user?.[0] ?? t('error.somethingWentWrong');
}

/** The text for a failed OTP check or password sign-in: messages.code, else messages.user, else the generic text. */
export function verifyError(error: unknown): string {
  const messages = messagesOf(error);
  return fieldText(error, 'otp') ?? fieldText(error, 'password') ?? messages.code?.[0] ?? messages.user?.[0] ?? t('error.somethingWentWrong');
}

/** The first 422 message of a field, if the server refused the body. */
export function fieldText(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return (error.body.errors as Record<string, string[]> | undefined)?.[field]?.[0];
}

function messagesOf(error: unknown): Messages {
  if (!(error instanceof ApiRequestError)) return {};
  if (error.status === 0) return { user: [error.message] };
  return (error.body.messages as Messages | undefined) ?? {};
}
