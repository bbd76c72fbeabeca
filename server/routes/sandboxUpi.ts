import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { message } from '../../schemas/messages';
import type { AppContext } from '../context';
import { settleUpiPayment, type UpiPayer } from '../upi/upiVerifications';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
const API = 'https://onboarding.local/schemas/api/upi-verifications.json';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The branch the sandbox's payer accounts are at: Abhyudaya Co-operative Bank, Mumbai (in the IFSC directory's shipped sample, so its branch shows in full). */
export const SANDBOX_UPI_IFSC = 'ABHY0065201';
/** The holder of the sandbox's "account in another name". */
export const SANDBOX_OTHER_PAYER = 'SANDBOX OTHER PERSON';

/** The sandbox payer's account number for a request: "5010" and ten digits taken from its reference. */
export const sandboxUpiAccount = (reference: string): string => `5010${(BigInt(`0x${reference.replace(/-/g, '').slice(0, 15)}`) % 10_000_000_000n).toString().padStart(10, '0')}`;

interface PageRow {
  expected_name: string;
  amount_paise: number;
  status: string;
  mid: number;
}

const page = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox UPI app</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:480px;padding:16px;color:#1f2933}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#52606d}dd{margin:0;overflow-wrap:anywhere}
form{margin:12px 0}button{width:100%;min-height:48px;font-size:16px;border-radius:8px;border:1px solid #0b6e4f;cursor:pointer}</style>
</head><body><main>
<h1>Sandbox UPI app</h1>
${body}
</main></body></html>`);

/**
 * The sandbox UPI app (server/providers/sandboxUpi.ts gives its link): shows a bank-check payment request and pays it
 * from the expected holder's account (a deterministic account at SANDBOX_UPI_IFSC) or from an account in another
 * name, which settles it as a real payment service's webhook does (server/upi/upiVerifications.ts). Sandbox only.
 */
export const sandboxUpiRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const requestOf = async (reference: string): Promise<PageRow | undefined> => {
    if (!UUID.test(reference)) return undefined;
    const [row] = await ctx.db.query<PageRow>(
      `select v.expected_name, v.amount_paise, m.mid,
              case when v.status = 'WAITING' and v.expires_at <= $2::timestamptz then 'EXPIRED' else v.status end as status
         from upi_bank_verifications v join merchants m on m.uuid = v.merchant_uuid where v.uuid = $1`,
      [reference, ctx.clock.now()],
    );
    return row;
  };

  app.get<{ Params: { reference: string } }>('/sandbox/upi/:reference', async (request, reply) => {
    const { reference } = request.params;
    const row = await requestOf(reference);
    if (!row) return page(reply, '<p>Unknown payment request.</p>', 404);
    const amount = (row.amount_paise / 100).toFixed(2);
    const details = `<p>No money moves: choose the account this test payment comes from. Only shown when the sandbox is on (never in production).</p>
<dl><dt>Payee</dt><dd>${escapeHtml(message('upi.payeeNote', { mid: row.mid }))}</dd><dt>Amount</dt><dd>₹${amount}</dd><dt>Reference</dt><dd>${escapeHtml(reference)}</dd></dl>`;
    if (row.status !== 'WAITING') return page(reply, `${details}<p role="status">This payment request is ${escapeHtml(row.status.toLowerCase().replace('_', ' '))}.</p>`);
    const choice = (payer: string, label: string, style: string) =>
      `<form method="post" action="/sandbox/upi/${escapeHtml(reference)}"><input type="hidden" name="payer" value="${payer}"><button type="submit" style="${style}">${escapeHtml(label)}</button></form>`;
    return page(
      reply,
      `${details}
${choice('expected', `Pay ₹${amount} from ${row.expected_name}'s account`, 'background:#0b6e4f;color:#fff')}
${choice('other', 'Pay from an account in another name', 'background:#fff;color:#0b6e4f')}`,
    );
  });

  app.post<{ Params: { reference: string }; Body: { payer: 'expected' | 'other' } }>(
    '/sandbox/upi/:reference',
    { schema: { body: { $ref: `${API}#/$defs/sandboxPayForm` } } },
    async (request, reply) => {
      const { reference } = request.params;
      const row = await requestOf(reference);
      if (!row) return page(reply, '<p>Unknown payment request.</p>', 404);
      const payer: UpiPayer = {
        account_number: sandboxUpiAccount(reference),
        ifsc: SANDBOX_UPI_IFSC,
        name: request.body.payer === 'expected' ? row.expected_name : SANDBOX_OTHER_PAYER,
      };
      const outcome = await settleUpiPayment(ctx.db, reference, payer, ctx.clock.now());
      if (!outcome.settled) return page(reply, `<p role="status">This payment request is ${escapeHtml(String(outcome.status).toLowerCase().replace('_', ' '))}: nothing was paid.</p>`, 409);
      return page(reply, '<p role="status">Paid. Return to the app.</p>');
    },
  );
};
