import { message } from '../../schemas/messages';
import type { Queryable } from '../db/database';
import type { UpiVerificationProvider } from './types';

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * The sandbox's UPI payment service: the link opens the sandbox UPI app (/sandbox/upi/<reference>,
 * server/routes/sandboxUpi.ts, on the app's own origin whatever address it is opened at), where the tester pays from the expected holder's account or another person's; a
 * refund writes a "bank statement" line to the merchant in the sandbox inbox (once per reference).
 */
export function sandboxUpiVerificationProvider(db: Queryable): UpiVerificationProvider {
  return {
    async request(reference) {
      return { upi_link: `/sandbox/upi/${encodeURIComponent(reference)}` };
    },
    async refund(reference, amountPaise, notify) {
      if (!notify) return;
      const subject = message('upi.refund.subject', { reference });
      const body = message('upi.refund.body', { amount: rupees(amountPaise), reference });
      await db.query(
        `insert into sandbox_messages (channel, recipient, subject, body)
         select $1::text, $2::text, $3::text, $4::text
          where not exists (select 1 from sandbox_messages where recipient = $2 and subject = $3)`,
        [notify.channel, notify.recipient, subject, body],
      );
    },
  };
}
