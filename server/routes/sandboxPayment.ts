import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { settlePlanPayment } from './plans';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
const API = 'https://onboarding.local/schemas/api/sandbox.json';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sandbox payment page (server/providers/sandbox.ts, sandboxPaymentProvider): the app's hidden form posts the
 * payment's fields here; the tester makes the payment succeed or fail, which settles it (server/routes/plans.ts) and
 * returns to the app: /app/welcome on success, /app/plans on failure.
 */
export const sandboxPaymentRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post<{ Body: Record<string, string> }>('/sandbox/payment', { schema: { body: { $ref: `${API}#/$defs/paymentForm` } } }, async (request, reply) => {
    const { txnid = '', amount = '', productinfo = '' } = request.body ?? {};
    if (!UUID.test(txnid)) return reply.code(400).type('text/plain').send('Unknown payment');
    const outcome = (value: string, label: string, style: string) =>
      `<form method="post" action="/sandbox/payment/${escapeHtml(txnid)}"><input type="hidden" name="outcome" value="${value}"><button type="submit" style="${style}">${label}</button></form>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:480px;padding:16px;color:#1f2933}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#52606d}dd{margin:0;overflow-wrap:anywhere}
form{margin:12px 0}button{width:100%;min-height:48px;font-size:16px;border-radius:8px;border:1px solid #0b6e4f;cursor:pointer}</style>
</head><body><main>
<h1>Sandbox payment</h1>
<p>No money moves: choose how this test payment ends. Only shown when the sandbox is on (never in production).</p>
<dl><dt>Plan</dt><dd>${escapeHtml(productinfo)}</dd><dt>Amount</dt><dd>₹${escapeHtml(amount)}</dd><dt>Transaction</dt><dd>${escapeHtml(txnid)}</dd></dl>
${outcome('success', 'Pay successfully', 'background:#0b6e4f;color:#fff')}
${outcome('failure', 'Fail the payment', 'background:#fff;color:#0b6e4f')}
</main></body></html>`);
  });

  app.post<{ Params: { txnid: string }; Body: { outcome?: string } }>('/sandbox/payment/:txnid', async (request, reply) => {
    if (!UUID.test(request.params.txnid)) return reply.code(404).type('text/plain').send('Unknown payment');
    const succeeded = await settlePlanPayment(ctx.db, request.params.txnid, request.body?.outcome === 'success');
    if (succeeded === undefined) return reply.code(404).type('text/plain').send('Unknown or settled payment');
    return reply.redirect(succeeded ? '/app/welcome' : '/app/plans', 303);
  });
};
