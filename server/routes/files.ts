import type { FastifyPluginAsync } from 'fastify';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError } from '../errors';
import { openFile } from '../files/fileStore';
import { listMerchants } from '../merchants/store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /files/{id}: a stored file, to the members of the merchant it belongs to only (anyone else gets the same 404
 * as for a file that does not exist). Always a download (`attachment`), never run by the browser: no sniffing, and a
 * sandbox CSP should it be opened anyway.
 */
export const fileRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  app.addHook('preHandler', authenticate(db));

  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
    const { userId } = currentUser(request);
    if (!UUID.test(request.params.id)) throw apiError('NOT_FOUND');
    const merchants = (await listMerchants(db, userId)).map((merchant) => merchant.uuid);
    const opened = await openFile(db, request.params.id, merchants);
    if (!opened) throw apiError('NOT_FOUND');
    const { file, content } = opened;
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', String(content.length))
      .header('content-disposition', `attachment; filename="${file.name.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(content);
  });
};
