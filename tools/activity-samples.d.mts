// Types of activity-samples.mjs, for the TypeScript tests and benches that use it.
export interface SamplePoint {
  lat: number;
  lon: number;
  ele: number;
  time: Date;
}
export interface SynthOptions {
  seed?: number;
  start?: { lat: number; lon: number };
  startTime?: Date;
  startEle?: number;
  legs: [number, number][];
  flatSpeed: number;
  climbRate: number;
  stops?: number;
  stopSeconds?: number;
  everySeconds?: number;
  gpsJitterMeters?: number;
  eleJitterMeters?: number;
}
export function seeded(seed: number): () => number;
export function synthTrack(options: SynthOptions): SamplePoint[];
export function toGpx(
  points: SamplePoint[],
  options?: { creator?: string; name?: string; type?: string; withTime?: boolean; segments?: number },
): string;
export function toTcx(points: SamplePoint[], options?: { sport?: string }): string;
export function toFit(points: SamplePoint[], options?: { sport?: 'running' | 'cycling' | 'walking' | 'hiking'; product?: number }): Buffer;
export const SAMPLE_ACTIVITIES: Record<'hike' | 'run' | 'ride', Omit<SynthOptions, 'seed' | 'start' | 'startTime' | 'startEle'>>;
export function fixtureFiles(): Record<string, string | Buffer>;
