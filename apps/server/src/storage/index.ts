import { createLocalStorage } from './local-storage.js';
import { createS3Storage, type S3StorageConfig } from './s3-storage.js';
import { withVariantCleanup } from './image-variants.js';
import type { FileStorage } from './storage.js';

export type { FileStorage, StoredObject } from './storage.js';
export { validateKey } from './storage.js';
export type { S3StorageConfig } from './s3-storage.js';
export { processImageUpload, storageKeys, type ProcessedImage, type ImageUploadOptions } from './images.js';
export { createImageVariants, type ImageVariants } from './image-variants.js';

export interface StorageConfig {
  /** Local disk root, used when `s3` is absent (`./data/storage` by default in env.ts). */
  storageDir: string;
  /** Present when S3_BUCKET is set. */
  s3?: S3StorageConfig | undefined;
}

export function createStorage(config: StorageConfig): FileStorage {
  return withVariantCleanup(config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.storageDir));
}

export { createLocalStorage, createS3Storage };
