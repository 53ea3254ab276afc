import { describe, expect, it } from 'vitest';
import type { MeasuredAbility } from '../contracts/ability';
import type { Activity } from '../contracts/enums';
import { compatibility, DEFAULT_COMPATIBILITY, type CompatibilityProfile } from './compatibility';
import {
  knownMeasuredCompatibility,
  measuredCompatibility,
  measuredDifferenceScore,
  measuredReasons,
  measuredSkillPart,
} from './measured-compatibility';

const measured = (activity: Activity, flatPace: number | null, climbRate: number | null): MeasuredAbility => ({
  activity,
  activityCount: 3,
  flatPaceSecondsPerKm: flatPace,
  climbRateMetersPerHour: climbRate,
  longestDistanceMeters: 12_000,
  largestElevationGainMeters: 600,
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const chatty = { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' } as const;
const beginner: CompatibilityProfile = { skills: { hiking: 'beginner', running: 'beginner' }, preferences: chatty };
const advanced: CompatibilityProfile = { skills: { hiking: 'advanced', running: 'advanced' }, preferences: chatty };

describe('measuredDifferenceScore', () => {
  it.each([
    [600, 600, 100],
    [600, 660, 80], // 10% apart
    [600, 750, 50], // 25% apart
    [600, 900, 0], // 50% apart: the death march
    [600, 1200, 0],
  ])('%d vs %d scores %d, in either order', (a, b, score) => {
    expect(measuredDifferenceScore(a, b)).toBeCloseTo(score, 6);
    expect(measuredDifferenceScore(b, a)).toBeCloseTo(score, 6);
  });

  it('a zero climbing rate only matches another zero', () => {
    expect(measuredDifferenceScore(0, 0)).toBe(100);
    expect(measuredDifferenceScore(0, 300)).toBe(0);
  });
});

describe('measuredSkillPart', () => {
  it('uses pace and climbing, equally weighted, when both people have both', () => {
    const part = measuredSkillPart(
      { abilities: [measured('hiking', 600, 400)], profile: beginner },
      { abilities: [measured('hiking', 660, 400)], profile: advanced },
      'hiking',
    );
    expect(part).toEqual({ score: 90, basis: 'measured', pace: expect.closeTo(80, 6), climb: 100 });
  });

  it('uses the one measure both have when the other is missing on one side', () => {
    const part = measuredSkillPart({ abilities: [measured('hiking', 600, null)] }, { abilities: [measured('hiking', 750, 500)] }, 'hiking');
    expect(part.basis).toBe('measured');
    expect(part.climb).toBeNull();
    expect(part.score).toBeCloseTo(50, 6);
  });

  it('falls back to the declared levels when one person has no measure for the activity', () => {
    const part = measuredSkillPart(
      { abilities: [measured('running', 300, 600)], profile: beginner },
      { abilities: [measured('hiking', 600, 400)], profile: advanced },
      'hiking',
    );
    expect(part).toEqual({ score: 0, basis: 'declared', pace: null, climb: null });
  });

  it('measures biking on biking, not on the hiking and running average', () => {
    const part = measuredSkillPart(
      { abilities: [measured('biking', 150, 700)], profile: beginner },
      { abilities: [measured('biking', 150, 700)], profile: advanced },
      'biking',
    );
    expect(part.score).toBe(100);
  });

  it('has no basis without measures or declared levels', () => {
    expect(measuredSkillPart({}, {}, 'running')).toEqual({ score: null, basis: null, pace: null, climb: null });
  });
});

describe('measuredCompatibility', () => {
  it('lets measures override declared levels that disagree with them', () => {
    const a = { abilities: [measured('hiking', 700, 450)], profile: beginner };
    const b = { abilities: [measured('hiking', 700, 450)], profile: advanced };
    expect(compatibility(beginner, advanced, 'hiking')).toBe(50);
    expect(measuredCompatibility(a, b, 'hiking')).toBe(100);
  });

  it('is exactly the declared formula when measures are missing', () => {
    const withPace = { ...beginner, preferences: { ...chatty, pace: 'fast' as const } };
    expect(measuredCompatibility({ profile: withPace }, { profile: advanced }, 'running')).toBe(
      compatibility(withPace, advanced, 'running'),
    );
    expect(measuredCompatibility({ profile: { skills: { hiking: 'beginner' } } }, { profile: advanced }, 'hiking')).toBe(
      DEFAULT_COMPATIBILITY,
    );
  });

  it('shows the default when preferences are incomplete even with measures', () => {
    const a = { abilities: [measured('hiking', 700, 450)], profile: { skills: beginner.skills } };
    const b = { abilities: [measured('hiking', 700, 450)], profile: advanced };
    expect(measuredCompatibility(a, b, 'hiking')).toBe(DEFAULT_COMPATIBILITY);
  });
});

describe('the figure and the words a card shows (ADR 0068)', () => {
  it('is the measured figure, or null (no default) when a profile lacks its declared traits', () => {
    const a = { abilities: [measured('hiking', 600, null)], profile: beginner };
    const b = { abilities: [measured('hiking', 840, null)], profile: beginner };
    // 40% apart on the flat: 20; same preferences: 100 → round(60).
    expect(knownMeasuredCompatibility(a, b, 'hiking')).toBe(60);
    expect(knownMeasuredCompatibility(a, { abilities: b.abilities, profile: { skills: beginner.skills } }, 'hiking')).toBeNull();
    expect(knownMeasuredCompatibility({ profile: beginner }, { profile: advanced }, 'hiking')).toBe(
      compatibility(beginner, advanced, 'hiking'),
    );
  });

  it('says "same pace" and "similar climbing" within 10%, never the figures, then the shared preferences', () => {
    const a = { abilities: [measured('hiking', 600, 400)], profile: beginner };
    const close = { abilities: [measured('hiking', 660, 440)], profile: advanced };
    expect(measuredReasons(a, close, 'hiking')).toEqual([
      'same pace',
      'similar climbing',
      'both like a moderate pace',
      'both chatty',
      'same sense of adventure',
    ]);
    const apart = { abilities: [measured('hiking', 800, 400)], profile: beginner };
    // Measured apart: the declared level they share is not said, since it is not the basis.
    expect(measuredReasons(a, apart, 'hiking')).toEqual([
      'similar climbing',
      'both like a moderate pace',
      'both chatty',
      'same sense of adventure',
    ]);
  });

  it('falls back to the declared words without a measure on both sides', () => {
    expect(measuredReasons({ profile: beginner }, { abilities: [measured('hiking', 600, 400)], profile: beginner }, 'hiking')).toEqual([
      'same hiking level',
      'both like a moderate pace',
      'both chatty',
      'same sense of adventure',
    ]);
  });
});
