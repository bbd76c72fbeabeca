import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError } from '../errors';
import { fileToSend } from '../files/fileStore';
import { listMerchants } from '../merchants/store';
import { staffRoleOf } from '../auth/staff';
import { isUuid } from '../merchants/parseIds';


/**
 * GET /files/{id}: a stored file, to the members of the merchant it belongs to only (anyone else gets the same 404
 * as for a file that does not exist). Always a download (`attachment`), never run by the browser: no sniffing, and a
 * sandbox CSP should it be opened anyway.
 */
export const fileRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  app.addHook('onRequest', authenticate(db));

  /** The file if the caller may read it: a member of its merchant, or operations staff (the review screen). */
  const readable = async (userId: string, id: string) => {
    if (!isUuid(id)) throw apiError('NOT_FOUND');
    const merchants = (await staffRoleOf(db, userId)) ? null : (await listMerchants(db, userId)).map((merchant) => merchant.uuid);
    const opened = await fileToSend(db, ctx.files, id, merchants);
    if (!opened) throw apiError('NOT_FOUND');
    return opened;
  };

  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
    const { file, content } = await readable(currentUser(request).userId, request.params.id);
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', String(file.byteSize))
      .header('content-disposition', dispositionOf('attachment', file.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(content);
  });

  /**
   * GET /files/{id}/view: the same file shown inline, for previews and the review screen (images in an <img>, PDFs in
   * a frame). Its own restrictive policy: nothing loads or runs from it (sandbox, no scripts), it is never sniffed, and
   * only this app's pages may frame it.
   */
  app.get<{ Params: { id: string } }>('/files/:id/view', async (request, reply) => {
    const { file, content } = await readable(currentUser(request).userId, request.params.id);
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', String(file.byteSize))
      .header('content-disposition', dispositionOf('inline', file.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'private, no-store')
      .send(content);
  });
};

/**
 * A Content-Disposition header any client reads and no server refuses: `filename=` in plain ASCII (what is left of the
 * name without its other characters, or `file.<ext>`), the name itself in `filename*` (RFC 6266, UTF-8), so a file
 * stored as "आधार कार्ड.pdf" downloads under that name.
 */
export function dispositionOf(type: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]+/g, '').replace(/\s+/g, ' ').replace(/ (\.[A-Za-z0-9]+)$/, '$1').trim();
  const extension = /\.[A-Za-z0-9]+$/.exec(name)?.[0] ?? '';
  const fallback = /[A-Za-z0-9]/.test(ascii.slice(0, ascii.length - extension.length)) ? ascii : `file${extension}`;
  return contentDisposition(name, { type, fallback });
}
