import { ApiError, apiErrorFrom } from './api-client';

export interface UploadOptions<T> {
  /** The multipart field the server reads the file from. */
  field?: string;
  filename: string;
  /** Recognises a successful response body. */
  isResult: (body: unknown) => body is T;
  /** The message when the server gives none (product §8's upload alerts). */
  failureMessage: string;
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** POST unless the route replaces a resource in place (a trail's route: PUT). */
  method?: 'POST' | 'PUT';
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POSTs one file as multipart/form-data and resolves with the JSON answer. XMLHttpRequest
 * rather than fetch because only it reports upload progress; failures are ApiErrors like the
 * rest of the API client's.
 */
export function uploadFile<T>(url: string, file: Blob, options: UploadOptions<T>): Promise<T> {
  const { field = 'file', filename, isResult, failureMessage, onProgress, signal, method = 'POST' } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && isResult(body)) {
        onProgress?.(100);
        resolve(body);
        return;
      }
      reject(apiErrorFrom(xhr.status, body, failureMessage));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network-request-failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append(field, file, filename);
    xhr.send(form);
  });
}
