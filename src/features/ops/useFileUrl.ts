import { useEffect, useState } from 'react';
import { fetchFile } from '../../shared/api/download';

/** The file (an image, or a PDF in a frame), fetched with the bearer token as an object URL; nothing while `path` is null. */
export function useFileUrl(path: string | null): { url: string | null; type: string; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; type: string; failed: boolean }>({ url: null, type: '', failed: false });
  useEffect(() => {
    if (!path) return undefined;
    let url: string | null = null;
    let cancelled = false;
    fetchFile(path)
      .then(async (response) => {
        const blob = await response.blob();
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, type: blob.type, failed: false });
      })
      .catch(() => !cancelled && setState({ url: null, type: '', failed: true }));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return state;
}
