import type { OwnProfile } from '@trailbuddy/shared/contracts/profile';
import { ApiError } from '../../../lib/api-client';

/** SPEC §8 alerts of the profile-photo flow. */
export const PHOTO_UPDATED = 'Profile picture updated!';
export const PHOTO_UPLOAD_FAILED = 'Failed to upload profile picture. Please try again.';
export const NO_FILE_SELECTED = 'No file selected.';
/** SPEC §5: "The photo must be an image." */
export const NOT_AN_IMAGE = 'The photo must be an image.';

export interface PhotoUploadResult {
  image: string;
  profile: OwnProfile;
}

export interface UploadPhotoOptions {
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/me/photo` with the picture in the multipart field `file`. XMLHttpRequest rather
 * than fetch because only it reports upload progress.
 */
export function uploadProfilePhoto(file: Blob, { onProgress, signal }: UploadPhotoOptions = {}): Promise<PhotoUploadResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/me/photo');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && isUploadResult(body)) {
        onProgress?.(100);
        resolve(body);
        return;
      }
      const error = isErrorBody(body) ? body.error : undefined;
      reject(new ApiError(xhr.status, error?.code ?? `http-${xhr.status}`, error?.message ?? PHOTO_UPLOAD_FAILED, error?.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network-request-failed', 'A network error has occurred'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'croppedImage');
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

function isUploadResult(value: unknown): value is PhotoUploadResult {
  return typeof value === 'object' && value !== null && 'image' in value && 'profile' in value;
}

function isErrorBody(value: unknown): value is { error: { code: string; message: string; fields?: Record<string, string> } } {
  return typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'object' && value.error !== null;
}
