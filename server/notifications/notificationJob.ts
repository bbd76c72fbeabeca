import type { Database } from '../db/database';
import type { JobHandler } from '../jobs/jobQueue';
import { OWNER_ROLE } from '../merchants/store';
import type { MessageProvider } from '../providers/types';
import { NOTICES, type NoticeKind, type Recipient } from './merchantNotifications';
import { noticeText, type NoticeParams } from './notificationTexts';

/**
 * Delivers a queued notice (server/notifications/merchantNotifications.ts): written in the language the merchant's
 * owner chose (English when none), linking to the app at `publicUrl`, an e-mail and an SMS to the recipients kept
 * with it. Each message sent is counted before the next is sent, so a run that fails midway is retried from the
 * message it failed on. A notice whose merchant is gone is done.
 */
export function notificationJob(db: Database, messages: MessageProvider, publicUrl: string): JobHandler {
  return async (job) => {
    const id = Number(job.payload.notification_id);
    const [notice] = await db.query<{ kind: NoticeKind; params: NoticeParams; recipients: Recipient[]; delivered: number; language: string | null }>(
      `select n.kind, n.params, n.recipients, n.delivered,
              (select u.language from memberships ms join users u on u.id = ms.user_id
                where ms.merchant_uuid = n.merchant_uuid and ms.role_name = $2 order by ms.created_at limit 1) as language
         from merchant_notifications n where n.id = $1`,
      [id, OWNER_ROLE],
    );
    if (!notice) return { done: true };
    const { link, text } = NOTICES[notice.kind];
    const written = noticeText(text(notice.params), notice.language, { ...notice.params, link: `${publicUrl}/app${link}` });
    for (const [index, { channel, recipient }] of notice.recipients.entries()) {
      if (index < notice.delivered) continue;
      await messages.send({ channel, recipient, subject: written.subject, body: channel === 'sms' ? written.sms : written.body });
      await db.query('update merchant_notifications set delivered = $2, delivered_at = now() where id = $1', [id, index + 1]);
    }
    return { done: true };
  };
}
