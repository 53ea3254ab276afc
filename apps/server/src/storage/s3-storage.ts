import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { validateKey, validatePrefix, type FileStorage } from './storage.js';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, s3rver ...); omit for AWS itself. */
  endpoint?: string | undefined;
  /** Both or neither: without them the SDK's default chain (env, profile, instance role) applies. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `endpoint/bucket/key` URLs, which most self-hosted S3-compatible services need. */
  forcePathStyle?: boolean | undefined;
}

export function createS3Storage(config: S3StorageConfig): FileStorage {
  // Checked at start: a half credential pair fails there, not on the first request.
  const settings = clientConfig(config);
  const { bucket } = config;
  // The SDK (about 0.1 s of CPU to import) loads with the first request, not at start (ADR 0063).
  let loaded: Promise<{ sdk: typeof S3Sdk; client: S3Client }> | undefined;
  const s3 = () => (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(settings) })));

  return {
    async put(key, body, contentType) {
      validateKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async get(key) {
      validateKey(key);
      const { sdk, client } = await s3();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!res.Body) return null;
        const bytes = await res.Body.transformToByteArray();
        return {
          body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: res.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        if (err instanceof sdk.NoSuchKey) return null;
        throw err;
      }
    },

    async delete(key) {
      validateKey(key);
      // S3 answers 204 for a missing key too, which is the idempotence the interface promises.
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async list(prefix) {
      validatePrefix(prefix);
      const keys: string[] = [];
      // A listing answers at most 1,000 keys a page; the continuation token asks for the next.
      let token: string | undefined;
      const { sdk, client } = await s3();
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
  };
}

function clientConfig(config: S3StorageConfig): S3ClientConfig {
  const { accessKeyId, secretAccessKey } = config;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    // Half a credential pair would silently fall back to the default chain: fail at start instead.
    throw new Error('S3 storage needs both accessKeyId and secretAccessKey, or neither.');
  }
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    forcePathStyle: config.forcePathStyle ?? false,
    ...(config.endpoint
      ? {
          // Since early 2025 the SDK adds CRC checksums to every request and checks them on
          // responses; many S3-compatible services reject or omit them. Only send them when an
          // operation requires them, which AWS itself also accepts.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  };
}
