import { message } from '../../../schemas/messages';
import { activeSession, appSource } from '../session/session';
import { ApiRequestError } from './fetcher';

/**
 * Sends a multipart form with the stored bearer token, reporting upload progress (0–100) as the bytes leave:
 * XMLHttpRequest, because fetch reports none. Failures are ApiRequestErrors like apiFetch's.
 */
export function uploadForm<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    const session = activeSession();
    if (session) request.setRequestHeader('authorization', `Bearer ${session.access_token}`);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('source', appSource());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onerror = () => reject(new ApiRequestError(0, { error: message('error.network') }));
    request.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(request.responseText || '{}') as Record<string, unknown>;
      } catch {
        body = {};
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new ApiRequestError(request.status, body, request.getResponseHeader('x-request-id') ?? undefined));
    };
    request.send(form);
  });
}
