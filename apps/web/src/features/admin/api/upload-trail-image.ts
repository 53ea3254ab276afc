import type { TrailImageKind } from '@trailbuddy/shared/contracts/trail';
import { uploadFile } from '../../../lib/upload';

/** product §8 alert for a failed upload. */
export const UPLOAD_FAILED = 'Failed to upload. Please try again.';

export interface UploadedTrailImage {
  /** Storage key to send in the create-trail request's field of the same kind (`image` or `map`). */
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

/** `POST /api/trail-images?kind=…&trailName=…` with the file in the multipart field `file`. */
export function uploadTrailImage({ file, kind, trailName, onProgress, signal }: UploadTrailImageOptions): Promise<UploadedTrailImage> {
  const query = new URLSearchParams({ kind, trailName: trailName.trim() }).toString();
  return uploadFile(`/api/trail-images?${query}`, file, {
    filename: file.name,
    isResult: isUploaded,
    failureMessage: UPLOAD_FAILED,
    onProgress,
    signal,
  });
}

function isUploaded(value: unknown): value is UploadedTrailImage {
  return typeof value === 'object' && value !== null && 'key' in value && typeof value.key === 'string';
}
