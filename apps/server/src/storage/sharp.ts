import type SharpFactory from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';

let loaded: Promise<typeof SharpFactory> | undefined;

/**
 * sharp, loaded with the first image it handles rather than at start: its native library costs
 * about 70 ms of CPU to load, and a start reads no image (ADR 0063).
 */
export async function sharpOf(input: Buffer, options?: SharpOptions): Promise<Sharp> {
  const sharp = await (loaded ??= import('sharp').then((m) => m.default));
  return sharp(input, options);
}
