/**
 * Compatibility on measured ability (issue 24, ADR 0056): the skill part of product §9's formula,
 * taken from what two members have actually done when both have a measure for the trail's
 * activity, and from their declared levels otherwise. The preference part and the final
 * round((skill + preference) / 2) stay as compatibility.ts has them.
 */
import type { MeasuredAbility } from '../contracts/ability';
import type { Activity } from '../contracts/enums';
import {
  compatibility,
  compatibilityReasons,
  DEFAULT_COMPATIBILITY,
  knownCompatibility,
  preferenceCompatibility,
  preferenceReasons,
  skillCompatibility,
  type CompatibilityProfile,
} from './compatibility';

/**
 * A relative difference this large or larger scores 0: one person 50% slower on the flat (or
 * climbing at two thirds of the other's rate) is the "death march" the issue describes. Below it
 * the score falls linearly from 100, so 10% apart scores 80 and 25% apart 50, the same 50 as
 * declared levels one step apart.
 */
export const MEASURED_DIFFERENCE_FOR_ZERO = 0.5;

/** Both measures at once, equally weighted; one alone when the other is missing on either side. */
export const MEASURED_WEIGHTS = { pace: 0.5, climb: 0.5 } as const;

/** 100 × (1 − d / 0.5), floored at 0, where d = |a − b| / min(a, b): symmetric, scale-free. */
export function measuredDifferenceScore(a: number, b: number): number {
  const low = Math.min(a, b);
  if (low <= 0) return a === b ? 100 : 0;
  const difference = Math.abs(a - b) / low;
  return Math.max(0, 100 * (1 - difference / MEASURED_DIFFERENCE_FOR_ZERO));
}

export interface MeasuredSkillPart {
  /** 0–100, or null when neither measures nor complete declared levels give a basis. */
  score: number | null;
  /** Where the score came from, for the card's "why" ("same pace" is only said when measured). */
  basis: 'measured' | 'declared' | null;
  /** The parts that went in, null where not measured on both sides. */
  pace: number | null;
  climb: number | null;
}

/** The measure for `activity` in a member's list, if any was kept. */
export function abilityFor(abilities: readonly MeasuredAbility[] | null | undefined, activity: Activity): MeasuredAbility | null {
  return abilities?.find((a) => a.activity === activity) ?? null;
}

/**
 * The skill part for a pair on a trail of `activity`: measured when both have a flat pace or both
 * a climbing rate for that activity (biking is measured on biking itself, where the declared
 * levels have to average hiking and running), else the declared part of compatibility.ts.
 */
export function measuredSkillPart(
  a: { abilities?: readonly MeasuredAbility[] | null; profile?: CompatibilityProfile | null },
  b: { abilities?: readonly MeasuredAbility[] | null; profile?: CompatibilityProfile | null },
  activity: Activity,
): MeasuredSkillPart {
  const mineA = abilityFor(a.abilities, activity);
  const mineB = abilityFor(b.abilities, activity);
  const both = (pick: (m: MeasuredAbility) => number | null) => {
    const x = mineA && pick(mineA);
    const y = mineB && pick(mineB);
    return x != null && y != null ? measuredDifferenceScore(x, y) : null;
  };
  const pace = both((m) => m.flatPaceSecondsPerKm);
  const climb = both((m) => m.climbRateMetersPerHour);
  if (pace !== null || climb !== null) {
    const score = pace !== null && climb !== null ? MEASURED_WEIGHTS.pace * pace + MEASURED_WEIGHTS.climb * climb : (pace ?? climb)!;
    return { score, basis: 'measured', pace, climb };
  }
  const declared = skillCompatibility(a.profile?.skills, b.profile?.skills, activity);
  return { score: declared, basis: declared === null ? null : 'declared', pace: null, climb: null };
}

/**
 * The pair's compatibility, 0–100: round((skill + preference) / 2) with the skill part measured
 * when measuredSkillPart finds measures on both sides; otherwise exactly compatibility.ts's
 * figure (declared levels, with its default for half-filled profiles). Without complete
 * preferences on both sides: the default.
 */
export function measuredCompatibility(
  a: { abilities?: readonly MeasuredAbility[] | null; profile?: CompatibilityProfile | null },
  b: { abilities?: readonly MeasuredAbility[] | null; profile?: CompatibilityProfile | null },
  activity: Activity,
): number {
  const skill = measuredSkillPart(a, b, activity);
  if (skill.basis !== 'measured') return compatibility(a.profile, b.profile, activity);
  const preference = preferenceCompatibility(a.profile?.preferences, b.profile?.preferences);
  if (preference === null) return DEFAULT_COMPATIBILITY;
  return Math.round((skill.score! + preference) / 2);
}

/** One side of a pair: their traits and, when they imported activities, their measured ability. */
export interface MeasuredSide {
  abilities?: readonly MeasuredAbility[] | null;
  profile?: CompatibilityProfile | null;
}

/**
 * The pair's figure as a member sees it (issue 24, ADR 0068: one number everywhere): the measured
 * compatibility, or null when either profile lacks the traits knownCompatibility needs, so that
 * a measure never makes a figure for a profile that has none declared.
 */
export function knownMeasuredCompatibility(a: MeasuredSide, b: MeasuredSide, activity: Activity): number | null {
  return knownCompatibility(a.profile, b.profile, activity) === null ? null : measuredCompatibility(a, b, activity);
}

/** A measured part scoring this much or more reads as "the same": the two are within 10% of each other. */
export const SAME_MEASURE_SCORE = 80;

/**
 * Why, in a few words (ADR 0056, 0068): on a measured basis a coarse "same pace" and "similar
 * climbing" (never the figures), then the shared preferences; otherwise compatibilityReasons.
 */
export function measuredReasons(a: MeasuredSide, b: MeasuredSide, activity: Activity): string[] {
  const skill = measuredSkillPart(a, b, activity);
  if (skill.basis !== 'measured') return compatibilityReasons(a.profile, b.profile, activity);
  if (knownCompatibility(a.profile, b.profile, activity) === null) return [];
  const measures = [
    ...(skill.pace !== null && skill.pace >= SAME_MEASURE_SCORE ? ['same pace'] : []),
    ...(skill.climb !== null && skill.climb >= SAME_MEASURE_SCORE ? ['similar climbing'] : []),
  ];
  return [...measures, ...preferenceReasons(a.profile, b.profile)];
}
