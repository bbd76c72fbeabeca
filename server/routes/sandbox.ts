import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';

interface SandboxMessage {
  id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

interface RecordedEvent {
  name: string;
  properties: string;
  times: number;
  last_at: string;
}

const API = 'https://onboarding.local/schemas/api/sandbox.json';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The sandbox inbox: what the sandbox providers "sent" (OTPs, notices), newest first. */
export const sandboxRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  // The table's id, not the `id::text` output column, so the order is numeric.
  const recent = (recipient?: string) =>
    ctx.db.query<SandboxMessage>(
      `select id::text, channel, recipient, subject, body, created_at::text from sandbox_messages
        where $1::text is null or recipient = lower($1::text) or recipient = $1::text
        order by sandbox_messages.id desc limit 50`,
      [recipient ?? null],
    );

  const messagesQuery = { schema: { querystring: { $ref: `${API}#/$defs/messagesQuery` } } };

  app.get<{ Querystring: { recipient?: string } }>('/api/v1/sandbox/messages', messagesQuery, async (request) => ({
    messages: await recent(request.query.recipient),
  }));

  app.get<{ Querystring: { recipient?: string } }>('/sandbox/inbox', messagesQuery, async (request, reply) => {
    const messages = await recent(request.query.recipient);
    const rows = messages
      .map(
        (m) => `<li class="message" data-recipient="${escapeHtml(m.recipient)}">
  <p class="meta"><strong>${escapeHtml(m.subject)}</strong> · ${escapeHtml(m.channel)} to <span class="recipient">${escapeHtml(m.recipient)}</span> · <time>${escapeHtml(m.created_at)}</time></p>
  <p class="body">${escapeHtml(m.body)}</p></li>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox inbox</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:720px;padding:16px;color:#1f2933}
ul{list-style:none;padding:0}li{border:1px solid #d9e2ec;border-radius:8px;padding:12px;margin:0 0 12px}
.meta{margin:0 0 6px;font-size:14px;color:#52606d;overflow-wrap:anywhere}.body{margin:0;font-size:16px}
form{display:flex;gap:8px;flex-wrap:wrap}input{flex:1;min-width:0;min-height:44px;box-sizing:border-box;padding:8px;font-size:16px}button{min-height:44px;padding:8px 16px;font-size:16px}</style>
</head><body><main>
<h1>Sandbox inbox</h1>
<p>Messages the sandbox sent instead of real SMS and e-mail. Only shown when the sandbox is on (never in production).</p>
<form method="get"><label for="recipient">Recipient</label>
<input id="recipient" name="recipient" value="${escapeHtml(request.query.recipient ?? '')}" autocomplete="off">
<button type="submit">Filter</button></form>
${messages.length ? `<ul>${rows}</ul>` : '<p>No messages yet.</p>'}
</main></body></html>`);
  });

  // The events the sandbox analytics provider recorded, one row per event and properties with how often it fired.
  app.get('/sandbox/analytics', async (_request, reply) => {
    const events = await ctx.db.query<RecordedEvent>(
      `select name, properties::text, count(*)::int as times, max(created_at)::text as last_at from analytics_events
        group by name, properties order by max(id) desc limit 200`,
    );
    const rows = events
      .map(
        (e) => `<tr class="event"><th scope="row">${escapeHtml(e.name)}</th><td><code>${escapeHtml(e.properties)}</code></td><td class="times">${e.times}</td><td><time>${escapeHtml(e.last_at)}</time></td></tr>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox analytics</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#1f2933}
table{border-collapse:collapse;width:100%;table-layout:fixed;font-size:14px}th,td{border-bottom:1px solid #d9e2ec;padding:6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
.props{width:42%}.times{width:16%}</style>
</head><body><main>
<h1>Sandbox analytics</h1>
<p>Events the app sent to the sandbox analytics provider, newest first, with how many times each fired. Only the properties each event allows are kept: never anything personal.</p>
${events.length ? `<table><thead><tr><th scope="col">Event</th><th scope="col" class="props">Properties</th><th scope="col" class="times">Times</th><th scope="col">Last</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No events yet.</p>'}
</main></body></html>`);
  });
};
