import type { OwnProfile } from '@trailbuddy/shared/contracts/profile';
import { uploadFile } from '../../../lib/upload';

/** product §8 alerts of the profile-photo flow. */
export const PHOTO_UPDATED = 'Profile picture updated!';
export const PHOTO_UPLOAD_FAILED = 'Failed to upload profile picture. Please try again.';
export const NO_FILE_SELECTED = 'No file selected.';
/** product §5: "The photo must be an image." */
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

/** `POST /api/me/photo` with the picture in the multipart field `file`. */
export function uploadProfilePhoto(file: Blob, { onProgress, signal }: UploadPhotoOptions = {}): Promise<PhotoUploadResult> {
  const filename = file instanceof File ? file.name : 'croppedImage';
  return uploadFile('/api/me/photo', file, { filename, isResult: isUploadResult, failureMessage: PHOTO_UPLOAD_FAILED, onProgress, signal });
}

function isUploadResult(value: unknown): value is PhotoUploadResult {
  return typeof value === 'object' && value !== null && 'image' in value && 'profile' in value;
}
