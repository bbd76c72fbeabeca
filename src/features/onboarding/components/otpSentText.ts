import { t } from '../../../shared/ui/t';

/** A channel POST /otps sent the code by (its answer's `channels`). */
export type OtpChannel = 'email' | 'sms';

/**
 * What an OTP dialog says once the code is sent: the channels the server actually used (a user with only an e-mail
 * is not told to look at a mobile), none while the answer is awaited; a send that reached no channel says so.
 */
export function otpSentText(channels: readonly OtpChannel[] | null): string | null {
  if (channels === null) return null;
  const email = channels.includes('email');
  const sms = channels.includes('sms');
  if (email && sms) return t('otp.dialog.sent');
  if (email) return t('otp.dialog.sentEmail');
  if (sms) return t('otp.dialog.sentSms');
  return t('otp.dialog.sentNowhere');
}
