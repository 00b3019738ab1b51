import { API_BASE_PATH } from '@planwerk/events/constants';
import type { ApiError } from '../app/api';
import { requestHeaders } from '../app/session';

export interface DownloadProgress {
  received: number;
  /** Null when the server did not announce a length. */
  total: number | null;
}

function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition ? /filename\*=UTF-8''([^;]+)/i.exec(disposition) : null;
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return plain?.[1] ?? fallback;
}

/**
 * Downloads a file answer of /v5 (exports): reports the bytes received while it streams and
 * saves it under the server's file name. Errors come as the JSON wrapper (spec section 3).
 */
export async function downloadFile(
  path: string, fallbackName: string, onProgress: (progress: DownloadProgress) => void, extraHeaders: Record<string, string> = {},
): Promise<{ ok: true; headers: Headers } | { ok: false; error: ApiError }> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}/${path}`, { headers: { ...requestHeaders(), ...extraHeaders } });
  } catch {
    return { ok: false, error: { status: 500, intern: 6952, text: '' } };
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    try {
      const wrapper = (await response.json()) as { error?: ApiError | null };
      if (wrapper.error) return { ok: false, error: wrapper.error };
    } catch {
      // Not a wrapper: the status speaks.
    }
    return { ok: false, error: { status: response.status, intern: null, text: '' } };
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  }
  const blob = new Blob(chunks as BlobPart[], { type });
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { ok: true, headers: response.headers };
}
