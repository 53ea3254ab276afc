import { describe, expect, it } from 'vitest';
import type { Activity, SkillLevel } from '../contracts/enums';
import {
  DEFAULT_COMPATIBILITY,
  PREFERENCE_POINTS,
  SKILL_SCORES,
  compatibility,
  compatibilityLabel,
  compatibilityReasons,
  groupReasons,
  hikeCompatibilityLabel,
  knownCompatibility,
  preferenceCompatibility,
  skillCompatibility,
  skillScoreFor,
  type CompatibilityProfile,
  type PreferencesInput,
  type SkillsInput,
} from './compatibility';

const SAME_PREFS: PreferencesInput = { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' };

const profile = (hiking: SkillLevel, running: SkillLevel, preferences: PreferencesInput = SAME_PREFS): CompatibilityProfile => ({
  skills: { hiking, running },
  preferences,
});

describe('constants (product §9)', () => {
  it('match the spec', () => {
    expect(SKILL_SCORES).toEqual({ beginner: 1, intermediate: 2, advanced: 3 });
    expect(DEFAULT_COMPATIBILITY).toBe(85);
    expect(PREFERENCE_POINTS).toEqual({ base: 50, pace: 20, communication: 15, adventureLevel: 15 });
  });

  it('preference points add up to 100', () => {
    const { base, pace, communication, adventureLevel } = PREFERENCE_POINTS;
    expect(base + pace + communication + adventureLevel).toBe(100);
  });
});

describe('skillScoreFor', () => {
  it.each<[SkillsInput | null | undefined, Activity, number | null]>([
    [{ hiking: 'beginner', running: 'advanced' }, 'hiking', 1],
    [{ hiking: 'intermediate', running: 'advanced' }, 'hiking', 2],
    [{ hiking: 'advanced', running: 'beginner' }, 'hiking', 3],
    [{ hiking: 'advanced', running: 'beginner' }, 'running', 1],
    [{ hiking: 'beginner', running: 'intermediate' }, 'running', 2],
    [{ hiking: 'beginner', running: 'advanced' }, 'running', 3],
    // biking: the profile's own biking skill (issue 23), whatever the other two
    [{ hiking: 'advanced', running: 'beginner', biking: 'intermediate' }, 'biking', 2],
    [{ hiking: 'beginner', running: 'beginner', biking: 'advanced' }, 'biking', 3],
    [{ hiking: 'advanced', running: 'advanced' }, 'biking', null],
    // unknown
    [null, 'hiking', null],
    [undefined, 'running', null],
    [{}, 'hiking', null],
    [{ hiking: 'advanced' }, 'hiking', 3],
    [{ hiking: 'advanced' }, 'running', null],
    [{ hiking: 'advanced', running: null }, 'biking', null],
    [{ hiking: 'expert' as unknown as SkillLevel, running: 'beginner' }, 'hiking', null],
  ])('%j on %s → %s', (skills, activity, expected) => {
    expect(skillScoreFor(skills, activity)).toBe(expected);
  });
});

describe('skillCompatibility: all nine level pairs', () => {
  const pairs: Array<[SkillLevel, SkillLevel, number]> = [
    ['beginner', 'beginner', 100],
    ['beginner', 'intermediate', 50],
    ['beginner', 'advanced', 0],
    ['intermediate', 'beginner', 50],
    ['intermediate', 'intermediate', 100],
    ['intermediate', 'advanced', 50],
    ['advanced', 'beginner', 0],
    ['advanced', 'intermediate', 50],
    ['advanced', 'advanced', 100],
  ];

  // The other skill is set to a level that would give a different answer if it were read by mistake.
  it.each(pairs)('hiking %s vs %s → %s', (a, b, expected) => {
    expect(skillCompatibility({ hiking: a, running: 'beginner' }, { hiking: b, running: 'advanced' }, 'hiking')).toBe(expected);
  });

  it.each(pairs)('running %s vs %s → %s', (a, b, expected) => {
    expect(skillCompatibility({ hiking: 'beginner', running: a }, { hiking: 'advanced', running: b }, 'running')).toBe(expected);
  });

  // Preferences identical (100), so overall = (skill + 100) / 2.
  it.each(pairs.map(([a, b, skill]) => [a, b, (skill + 100) / 2] as const))(
    'overall on hiking, equal preferences: %s vs %s → %s',
    (a, b, expected) => {
      expect(compatibility(profile(a, 'beginner'), profile(b, 'advanced'), 'hiking')).toBe(expected);
    },
  );

  it.each(pairs.map(([a, b, skill]) => [a, b, (skill + 100) / 2] as const))(
    'overall on running, equal preferences: %s vs %s → %s',
    (a, b, expected) => {
      expect(compatibility(profile('advanced', a), profile('beginner', b), 'running')).toBe(expected);
    },
  );
});

describe('skillCompatibility: biking uses the biking skill (issue 23)', () => {
  it.each<[SkillsInput, SkillsInput, number]>([
    // Hiking and running disagree completely; the biking levels decide.
    [
      { hiking: 'advanced', running: 'beginner', biking: 'intermediate' },
      { hiking: 'beginner', running: 'advanced', biking: 'intermediate' },
      100,
    ],
    [
      { hiking: 'advanced', running: 'advanced', biking: 'beginner' },
      { hiking: 'advanced', running: 'advanced', biking: 'intermediate' },
      50,
    ],
    [{ hiking: 'beginner', running: 'beginner', biking: 'advanced' }, { hiking: 'beginner', running: 'beginner', biking: 'beginner' }, 0],
  ])('%j vs %j → %s', (a, b, expected) => {
    expect(skillCompatibility(a, b, 'biking')).toBe(expected);
    expect(skillCompatibility(b, a, 'biking')).toBe(expected);
  });

  it('the same pair differs per activity', () => {
    const a: SkillsInput = { hiking: 'advanced', running: 'beginner', biking: 'beginner' };
    const b: SkillsInput = { hiking: 'intermediate', running: 'intermediate', biking: 'beginner' };
    expect(skillCompatibility(a, b, 'hiking')).toBe(50);
    expect(skillCompatibility(a, b, 'running')).toBe(50);
    expect(skillCompatibility(a, b, 'biking')).toBe(100);
  });

  it('is null when either side lacks the biking level', () => {
    expect(
      skillCompatibility(
        { hiking: 'advanced', running: 'advanced' },
        { hiking: 'advanced', running: 'advanced', biking: 'advanced' },
        'biking',
      ),
    ).toBeNull();
    expect(skillCompatibility(null, { hiking: 'advanced', running: 'advanced' }, 'hiking')).toBeNull();
  });
});

describe('preferenceCompatibility', () => {
  const base: PreferencesInput = { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' };
  const allDifferent: PreferencesInput = { pace: 'fast', communication: 'quiet', adventureLevel: 'cautious' };

  it.each<[string, PreferencesInput, number]>([
    ['all equal', base, 100],
    ['none equal', allDifferent, 50],
    ['pace only', { ...allDifferent, pace: 'moderate' }, 70],
    ['communication only', { ...allDifferent, communication: 'chatty' }, 65],
    ['adventure only', { ...allDifferent, adventureLevel: 'moderate' }, 65],
    ['pace + communication', { ...base, adventureLevel: 'adventurous' }, 85],
    ['pace + adventure', { ...base, communication: 'balanced' }, 85],
    ['communication + adventure', { ...base, pace: 'relaxed' }, 80],
  ])('%s → %s', (_label, other, expected) => {
    expect(preferenceCompatibility(base, other)).toBe(expected);
    expect(preferenceCompatibility(other, base)).toBe(expected);
  });

  it.each<[PreferencesInput | null | undefined]>([
    [null],
    [undefined],
    [{}],
    [{ pace: 'moderate', communication: 'chatty' }],
    [{ pace: 'moderate', communication: 'chatty', adventureLevel: null }],
    [{ pace: 'warp' as unknown as PreferencesInput['pace'], communication: 'chatty', adventureLevel: 'moderate' }],
  ])('is null for incomplete %j', (prefs) => {
    expect(preferenceCompatibility(base, prefs)).toBeNull();
    expect(preferenceCompatibility(prefs, base)).toBeNull();
  });
});

describe('compatibility', () => {
  const far: PreferencesInput = { pace: 'fast', communication: 'quiet', adventureLevel: 'cautious' };

  it.each<[string, CompatibilityProfile, CompatibilityProfile, Activity, number]>([
    ['identical profiles', profile('advanced', 'advanced'), profile('advanced', 'advanced'), 'hiking', 100],
    ['opposite everything', profile('beginner', 'beginner'), profile('advanced', 'advanced', far), 'running', 25],
    // .5 results round up
    [
      'skill 50, preferences 65 → 57.5',
      profile('beginner', 'beginner'),
      profile('intermediate', 'beginner', { ...far, communication: 'chatty' }),
      'hiking',
      58,
    ],
    [
      'skill 0, preferences 85 → 42.5',
      profile('beginner', 'beginner'),
      profile('advanced', 'beginner', { ...SAME_PREFS, adventureLevel: 'adventurous' }),
      'hiking',
      43,
    ],
    [
      'skill 100, preferences 65 → 82.5',
      profile('beginner', 'beginner'),
      profile('beginner', 'advanced', { ...far, adventureLevel: 'moderate' }),
      'hiking',
      83,
    ],
    // biking: the biking skill alone (issue 23)
    [
      'biking skill 50, preferences 50 → 50',
      { skills: { hiking: 'advanced', running: 'intermediate', biking: 'advanced' }, preferences: SAME_PREFS },
      { skills: { hiking: 'advanced', running: 'intermediate', biking: 'intermediate' }, preferences: far },
      'biking',
      50,
    ],
    [
      'biking skill 0, preferences 70 → 35',
      { skills: { hiking: 'advanced', running: 'advanced', biking: 'advanced' }, preferences: SAME_PREFS },
      { skills: { hiking: 'advanced', running: 'advanced', biking: 'beginner' }, preferences: { ...far, pace: 'moderate' } },
      'biking',
      35,
    ],
    ['biking without a biking level: the default', profile('advanced', 'advanced'), profile('advanced', 'advanced'), 'biking', 85],
    // whole results stay whole
    [
      'skill 50, preferences 80 → 65',
      profile('intermediate', 'beginner'),
      profile('advanced', 'beginner', { ...SAME_PREFS, pace: 'fast' }),
      'hiking',
      65,
    ],
  ])('%s', (_label, a, b, activity, expected) => {
    expect(compatibility(a, b, activity)).toBe(expected);
    expect(compatibility(b, a, activity)).toBe(expected);
  });

  it('is always an integer from 0 to 100', () => {
    const levels: SkillLevel[] = ['beginner', 'intermediate', 'advanced'];
    const prefs: PreferencesInput[] = [SAME_PREFS, far, { ...far, pace: 'moderate' }];
    for (const activity of ['hiking', 'running', 'biking'] as const)
      for (const h of levels)
        for (const r of levels)
          for (const p of prefs) {
            const value = compatibility(profile(h, r, p), profile('beginner', 'advanced'), activity);
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(100);
          }
  });

  const complete = profile('intermediate', 'intermediate');
  it.each<[string, CompatibilityProfile | null | undefined]>([
    ['null profile', null],
    ['undefined profile', undefined],
    ['no skills', { preferences: SAME_PREFS }],
    ['null skills', { skills: null, preferences: SAME_PREFS }],
    ['no preferences', { skills: { hiking: 'intermediate', running: 'intermediate' } }],
    ['null preferences', { skills: { hiking: 'intermediate', running: 'intermediate' }, preferences: null }],
    ['partial skills, even on the skill that is used', { skills: { hiking: 'intermediate' }, preferences: SAME_PREFS }],
    ['a null skill level', { skills: { hiking: 'intermediate', running: null }, preferences: SAME_PREFS }],
    ['partial preferences', { skills: { hiking: 'intermediate', running: 'intermediate' }, preferences: { pace: 'moderate' } }],
  ])('missing data (%s) on either side → 85', (_label, partial) => {
    for (const activity of ['hiking', 'running', 'biking'] as const) {
      expect(compatibility(partial, complete, activity)).toBe(DEFAULT_COMPATIBILITY);
      expect(compatibility(complete, partial, activity)).toBe(DEFAULT_COMPATIBILITY);
    }
  });
});

describe('one honest number (issue 24)', () => {
  const ana = profile('advanced', 'beginner', { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' });
  const bruno = profile('intermediate', 'beginner', { pace: 'moderate', communication: 'quiet', adventureLevel: 'moderate' });
  const halfFilled: CompatibilityProfile = { skills: { hiking: 'advanced', running: 'beginner' }, preferences: { pace: 'fast' } };

  it('is the formula’s figure, or null (never the 85% default) when either side is incomplete', () => {
    expect(knownCompatibility(ana, bruno, 'hiking')).toBe(68);
    expect(knownCompatibility(ana, halfFilled, 'hiking')).toBeNull();
    expect(knownCompatibility(null, bruno, 'hiking')).toBeNull();
    expect(compatibility(ana, halfFilled, 'hiking')).toBe(DEFAULT_COMPATIBILITY);
  });

  it('says why in a few words: the shared skill level first, then the shared preferences', () => {
    expect(compatibilityReasons(ana, bruno, 'hiking')).toEqual(['both like a moderate pace', 'same sense of adventure']);
    expect(compatibilityReasons(ana, ana, 'running')).toEqual([
      'same running level',
      'both like a moderate pace',
      'both chatty',
      'same sense of adventure',
    ]);
    expect(compatibilityReasons(ana, halfFilled, 'hiking')).toEqual([]);
  });

  it('says why a hike suits a newcomer: only what they share with everyone on it, in words for a group (ADR 0068)', () => {
    const carla = profile('advanced', 'intermediate', { pace: 'moderate', communication: 'chatty', adventureLevel: 'cautious' });
    // Ana shares a moderate pace with both; the adventure level only with Bruno, the level and talk only with Carla.
    expect(groupReasons(ana, [bruno, carla], 'hiking')).toEqual(['all like a moderate pace']);
    expect(groupReasons(ana, [ana, ana], 'hiking')).toEqual([
      'same hiking level',
      'all like a moderate pace',
      'all chatty',
      'same sense of adventure',
    ]);
    // One person on it: the pair's own words.
    expect(groupReasons(ana, [bruno], 'hiking')).toEqual(compatibilityReasons(ana, bruno, 'hiking'));
    expect(groupReasons(ana, [bruno, halfFilled], 'hiking')).toEqual([]);
    expect(groupReasons(ana, [], 'hiking')).toEqual([]);
  });

  it('labels a figure, its absence, and a hike’s average', () => {
    expect(compatibilityLabel(67.6)).toBe('68% match');
    expect(compatibilityLabel(null)).toBe('—');
    expect(hikeCompatibilityLabel(72, 3)).toBe('72% match on average over the 3 people on it');
    expect(hikeCompatibilityLabel(72, 1)).toBe('72% match');
    expect(hikeCompatibilityLabel(null, 2)).toBe('—');
  });
});
