import { randomInt } from 'node:crypto';
import { message } from '../../schemas/messages';
import type { PennyTimings } from '../config';
import type { Queryable } from '../db/database';
import type { PennyMethod, PennyProvider, PennyStatus } from './types';

/** The sandbox's test account numbers (README, "Sandbox test values"); any other account gets an IMPS that succeeds. */
export const SANDBOX_PENNY_ACCOUNTS = {
  impsFailed: '999900000001',
  impsSlow: '999900000002',
  neft: '999900000003',
  neftSlow: '999900000004',
  neftFailed: '999900000005',
} as const;

/** Seconds the slow IMPS takes (past the 30 s wait text) and each state of the slow NEFT (past the 25 s fallback). */
export const SLOW_IMPS_SECONDS = 40;
export const SLOW_NEFT_STEP_SECONDS = 30;

/** A deposit's states from its start: the state reached at each second. */
type Timeline = { method: PennyMethod; states: Array<[seconds: number, status: PennyStatus]> };

const neft = (step: number, last: PennyStatus): Timeline => ({
  method: 'NEFT',
  states: [[0, 'NOT_INITIATED'], [step, 'PENDING'], [2 * step, 'SENT_TO_BANK'], [3 * step, last]],
});

/** What the sandbox bank does with a deposit to an account. */
export function sandboxPennyTimeline(accountNumber: string, timings: PennyTimings): Timeline {
  switch (accountNumber) {
    case SANDBOX_PENNY_ACCOUNTS.impsFailed:
      return { method: 'IMPS', states: [[0, 'NOT_INITIATED'], [timings.impsSeconds, 'FAILED']] };
    case SANDBOX_PENNY_ACCOUNTS.impsSlow:
      return { method: 'IMPS', states: [[0, 'NOT_INITIATED'], [SLOW_IMPS_SECONDS, 'SUCCESS']] };
    case SANDBOX_PENNY_ACCOUNTS.neft:
      return neft(timings.neftStepSeconds, 'SUCCESS');
    case SANDBOX_PENNY_ACCOUNTS.neftSlow:
      return neft(SLOW_NEFT_STEP_SECONDS, 'SUCCESS');
    case SANDBOX_PENNY_ACCOUNTS.neftFailed:
      return neft(timings.neftStepSeconds, 'FAILED');
    default:
      return { method: 'IMPS', states: [[0, 'NOT_INITIATED'], [timings.impsSeconds, 'SUCCESS']] };
  }
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
const masked = (accountNumber: string) => `XX${accountNumber.slice(-4)}`;

/**
 * The sandbox penny test, deterministic by account number (SANDBOX_PENNY_ACCOUNTS) and stateless: where a deposit
 * stands follows from its start time and the clock. The amount is random, 1 to 5 rupees; when a deposit lands, the
 * sandbox "bank" writes a statement line with the amount to the account holder in the sandbox inbox (once).
 */
export function sandboxPennyProvider(db: Queryable, timings: PennyTimings): PennyProvider {
  return {
    async deposit(account, reference, now) {
      return { reference, method: sandboxPennyTimeline(account.accountNumber, timings).method, amountPaise: randomInt(100, 501), startedAt: now };
    },
    async status(account, deposit, now) {
      const { states } = sandboxPennyTimeline(account.accountNumber, timings);
      const elapsed = (now.getTime() - deposit.startedAt.getTime()) / 1000;
      const reached = states.filter(([seconds]) => seconds <= elapsed);
      const status = reached[reached.length - 1]?.[1] ?? 'NOT_INITIATED';
      const next = states[reached.length];
      if (status === 'SUCCESS' && account.notify) {
        const subject = message('penny.statement.subject', { reference: deposit.reference });
        const body = message('penny.statement.body', {
          account: masked(account.accountNumber),
          amount: rupees(deposit.amountPaise),
          method: deposit.method,
          reference: deposit.reference,
        });
        await db.query(
          `insert into sandbox_messages (channel, recipient, subject, body)
           select $1::text, $2::text, $3::text, $4::text
            where not exists (select 1 from sandbox_messages where recipient = $2 and subject = $3)`,
          [account.notify.channel, account.notify.recipient, subject, body],
        );
      }
      return { status, checkAgainAt: next ? new Date(deposit.startedAt.getTime() + next[0] * 1000) : null };
    },
  };
}
