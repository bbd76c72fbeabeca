import type { FastifyPluginAsync } from 'fastify';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The query values the sandbox partner page shows, in this order. */
const SHOWN = ['code', 'state', 'error'] as const;

/**
 * The sandbox partner's return page (/sandbox/partner/callback): the redirect_uri of the demo partner, so a tester (and
 * the browser test) can see where /oauth/authorize lands and with which code and state. Sandbox only.
 */
export const sandboxPartnerRoutes = (): FastifyPluginAsync => async (app) => {
  app.get<{ Querystring: Record<string, string | undefined> }>('/sandbox/partner/callback', async (request, reply) => {
    const rows = SHOWN.filter((name) => typeof request.query[name] === 'string')
      .map((name) => `<dt>${name}</dt><dd data-name="${name}">${escapeHtml(String(request.query[name]))}</dd>`)
      .join('\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox partner</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:720px;padding:16px;color:#1f2933}
dt{font-weight:600;margin-top:12px}dd{margin:4px 0 0;overflow-wrap:anywhere;font-family:monospace;font-size:16px}</style>
</head><body><main>
<h1>Sandbox partner</h1>
<p>The page a partner's redirect_uri would show. The partner now exchanges the code at POST /api/v1/oauth/token.</p>
<dl>${rows}</dl>
</main></body></html>`);
  });
};
