import { activeSession, appSource } from '../session/session';
import { ApiRequestError } from './fetcher';
import { message } from '../../../schemas/messages';

/**
 * Fetches a file with the stored bearer token and hands it to the browser as a download (a plain link cannot carry
 * the token). The name is the server's, from Content-Disposition, else `fallbackName`.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetchFile(path);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A stored file fetched with the stored bearer token (an `<img>` or a link cannot carry it): the response, or an
 * ApiRequestError (status 0 when the network failed).
 */
export async function fetchFile(path: string): Promise<Response> {
  const session = activeSession();
  let response: Response;
  try {
    response = await fetch(path, { headers: { ...(session ? { authorization: `Bearer ${session.access_token}` } : {}), source: appSource() } });
  } catch {
    throw new ApiRequestError(0, { error: message('error.network') });
  }
  if (!response.ok) throw new ApiRequestError(response.status, (await response.json().catch(() => ({}))) as Record<string, unknown>);
  return response;
}
