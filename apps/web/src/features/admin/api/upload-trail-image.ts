import { ApiError } from '../../../lib/api-client';

/** SPEC §8 alert for a failed upload. */
export const UPLOAD_FAILED = 'Failed to upload. Please try again.';

export type TrailImageKind = 'image' | 'map';

export interface UploadedTrailImage {
  /** Storage key to send as `image` or `map` when the trail is added. */
  key: string;
  url: string;
}

export interface UploadTrailImageOptions {
  file: File;
  kind: TrailImageKind;
  /** The file is stored under the trail's name (trailImages/{name}-…, mapImages/{name}-…). */
  trailName: string;
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/trail-images?kind=…&trailName=…` with the file in the multipart field `file`.
 * XMLHttpRequest rather than fetch because only it reports upload progress.
 */
export function uploadTrailImage({ file, kind, trailName, onProgress, signal }: UploadTrailImageOptions): Promise<UploadedTrailImage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/trail-images?${new URLSearchParams({ kind, trailName: trailName.trim() }).toString()}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && isUploaded(body)) {
        onProgress?.(100);
        resolve(body);
        return;
      }
      const error = isErrorBody(body) ? body.error : undefined;
      reject(new ApiError(xhr.status, error?.code ?? `http-${xhr.status}`, error?.message ?? UPLOAD_FAILED, error?.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network-request-failed', 'A network error has occurred'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function isUploaded(value: unknown): value is UploadedTrailImage {
  return typeof value === 'object' && value !== null && 'key' in value && typeof value.key === 'string';
}

function isErrorBody(value: unknown): value is { error: { code: string; message: string; fields?: Record<string, string> } } {
  return typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'object' && value.error !== null;
}
