import { describe, expect, it } from 'vitest';
import { summarise } from './summary.js';
import { activityFigures, metersBetween, type TrackSample } from './track-figures.js';

/**
 * A synthetic track: stretches of [metres, rise, seconds], sampled every `step` metres, with an
 * optional stop (time passing in place) after a stretch.
 */
function track(stretches: { meters: number; rise: number; seconds: number; stopSeconds?: number }[], step = 10): TrackSample[] {
  const samples: TrackSample[] = [{ distanceMeters: 0, elevationMeters: 100, elapsedSeconds: 0 }];
  for (const s of stretches) {
    const last = samples[samples.length - 1]!;
    const n = Math.round(s.meters / step);
    for (let i = 1; i <= n; i++) {
      samples.push({
        distanceMeters: last.distanceMeters + (s.meters * i) / n,
        elevationMeters: last.elevationMeters! + (s.rise * i) / n,
        elapsedSeconds: last.elapsedSeconds! + (s.seconds * i) / n,
      });
    }
    if (s.stopSeconds) {
      const end = samples[samples.length - 1]!;
      for (let k = 30; k <= s.stopSeconds; k += 30)
        samples.push({ ...end, distanceMeters: end.distanceMeters + 0.5, elapsedSeconds: end.elapsedSeconds! + k });
    }
  }
  return samples;
}

describe('activityFigures', () => {
  it('measures moving pace on the flat, leaving a stop out', async () => {
    // 3 km flat in 36 minutes (720 s/km), then a 20-minute stop.
    const f = activityFigures('hiking', null, track([{ meters: 3000, rise: 0, seconds: 2160, stopSeconds: 1200 }]));
    expect(f.flatMovingMeters).toBeCloseTo(3000, 0);
    expect(f.flatMovingSeconds / (f.flatMovingMeters / 1000)).toBeCloseTo(720, 0);
    expect(f.climbMovingSeconds).toBe(0);
  });

  it('measures the climbing rate as ascent over moving time on the uphill windows only', () => {
    // 1 km flat, then 2 km climbing 300 m (15%) in 45 minutes: 400 m/h; then 2 km down.
    const f = activityFigures(
      'hiking',
      null,
      track([
        { meters: 1000, rise: 0, seconds: 720 },
        { meters: 2000, rise: 300, seconds: 2700 },
        { meters: 2000, rise: -300, seconds: 1500 },
      ]),
    );
    expect(f.climbAscentMeters).toBeCloseTo(300, 0);
    expect(f.climbAscentMeters / (f.climbMovingSeconds / 3600)).toBeCloseTo(400, 0);
    expect(f.elevationGainMeters).toBeCloseTo(300, 0);
    expect(f.distanceMeters).toBeCloseTo(5000, 0);
    // The descent is neither flat nor a climb.
    expect(f.flatMovingMeters).toBeCloseTo(1000, -1);
  });

  it('calls a gentle 2% grade flat and a 4% grade a climb', () => {
    const gentle = activityFigures('running', null, track([{ meters: 2000, rise: 40, seconds: 600 }]));
    expect(gentle.flatMovingMeters).toBeCloseTo(2000, -1);
    expect(gentle.climbMovingSeconds).toBe(0);
    const steeper = activityFigures('running', null, track([{ meters: 2000, rise: 80, seconds: 700 }]));
    expect(steeper.flatMovingMeters).toBe(0);
    expect(steeper.climbAscentMeters).toBeCloseTo(80, 0);
  });

  it('does not count altimeter noise as climbing', () => {
    const samples = track([{ meters: 4000, rise: 0, seconds: 2880 }]).map((s, i) => ({
      ...s,
      elevationMeters: 100 + (i % 2 === 0 ? 1.5 : -1.5),
    }));
    const f = activityFigures('hiking', null, samples);
    // Point-to-point this would add up 3 m per 20 m: 600 m of "gain" on a flat walk.
    expect(f.elevationGainMeters).toBeLessThan(10);
    expect(f.flatMovingMeters).toBeCloseTo(4000, -1);
  });

  it('gives distance and gain but no moving time for a track without times', () => {
    const f = activityFigures(
      'hiking',
      null,
      track([{ meters: 3000, rise: 200, seconds: 0 }]).map((s) => ({ ...s, elapsedSeconds: null })),
    );
    expect(f.distanceMeters).toBeCloseTo(3000, 0);
    expect(f.elevationGainMeters).toBeCloseTo(200, 0);
    expect(f.flatMovingSeconds + f.climbMovingSeconds).toBe(0);
  });

  it('follows a recorder’s own moving flag where it has one', () => {
    const samples = track([{ meters: 1000, rise: 0, seconds: 600 }]).map((s, i) => ({ ...s, moving: i <= 50 }));
    // A sample's flag says whether the step into it was moving: samples 1–50, 50 steps of 6 s.
    const f = activityFigures('hiking', null, samples);
    expect(f.flatMovingSeconds).toBeCloseTo(300, 0);
  });
});

describe('summarise', () => {
  const now = new Date('2026-11-28T00:00:00Z');
  const figures = (activity: 'hiking' | 'running', daysAgo: number, pace: number | null, climb: number | null, km: number) => ({
    activity,
    startedOn: new Date(now.getTime() - daysAgo * 86_400_000),
    distanceMeters: km * 1000,
    elevationGainMeters: km * 30,
    flatMovingSeconds: pace === null ? 0 : pace * 2,
    flatMovingMeters: pace === null ? 0 : 2000,
    climbMovingSeconds: climb === null ? 0 : 3600,
    climbAscentMeters: climb ?? 0,
  });

  it('takes the median pace and climbing rate per activity, the longest and the largest gain', () => {
    const s = summarise(
      [
        figures('hiking', 10, 700, 400, 12),
        figures('hiking', 30, 800, 300, 20),
        figures('hiking', 60, 1500, 500, 5),
        figures('running', 5, 330, null, 10),
      ],
      now,
    );
    expect(s).toEqual([
      {
        activity: 'hiking',
        activityCount: 3,
        flatPaceSecondsPerKm: 800,
        climbRateMetersPerHour: 400,
        longestDistanceMeters: 20000,
        largestElevationGainMeters: 600,
        updatedAt: now.toISOString(),
      },
      {
        activity: 'running',
        activityCount: 1,
        flatPaceSecondsPerKm: 330,
        climbRateMetersPerHour: null,
        longestDistanceMeters: 10000,
        largestElevationGainMeters: 300,
        updatedAt: now.toISOString(),
      },
    ]);
  });

  it('leaves out what is older than 12 months', () => {
    const s = summarise([figures('hiking', 10, 700, 400, 12), figures('hiking', 400, 500, 900, 40)], now);
    expect(s[0]).toMatchObject({ activityCount: 1, flatPaceSecondsPerKm: 700, longestDistanceMeters: 12000 });
  });

  it('gives no pace where no activity had enough flat ground', () => {
    const short = { ...figures('hiking', 1, 700, 400, 8), flatMovingMeters: 300, flatMovingSeconds: 210 };
    expect(summarise([short], now)[0]!.flatPaceSecondsPerKm).toBeNull();
  });
});

describe('metersBetween', () => {
  it('is about 111.2 km per degree of latitude', () => {
    expect(metersBetween({ lat: 38, lon: -9 }, { lat: 39, lon: -9 })).toBeCloseTo(111_195, -1);
  });
});
