/**
 * Buddy compatibility, 0–100 (architecture §5 "Compatibility"; product §9 skill scores,
 * preference points, default 85%). Stored on a match when it is confirmed and shown on Best
 * Matches; the server's SQL ranking must agree with these functions, which its tests can use as
 * the reference.
 */
import {
  ADVENTURE_LEVELS,
  COMMUNICATION_STYLES,
  PACES,
  SKILL_LEVELS,
  type Activity,
  type AdventureLevel,
  type CommunicationStyle,
  type Pace,
  type SkillLevel,
} from '../contracts/enums';

export const SKILL_SCORES: Readonly<Record<SkillLevel, number>> = { beginner: 1, intermediate: 2, advanced: 3 };

/** Shown whenever either side's data is incomplete, rather than a number computed from guesses. */
export const DEFAULT_COMPATIBILITY = 85;

/** The base plus the three bonuses add up to 100, so identical preferences score 100. */
export const PREFERENCE_POINTS = { base: 50, pace: 20, communication: 15, adventureLevel: 15 } as const;

/**
 * Inputs accept null and missing fields because stored profiles may predate a field or be
 * half-filled; the functions treat those (and values off the scales) as "unknown".
 */
export interface SkillsInput {
  readonly hiking?: SkillLevel | null;
  readonly running?: SkillLevel | null;
  readonly biking?: SkillLevel | null;
}

export interface PreferencesInput {
  readonly pace?: Pace | null;
  readonly communication?: CommunicationStyle | null;
  readonly adventureLevel?: AdventureLevel | null;
}

export interface CompatibilityProfile {
  readonly skills?: SkillsInput | null;
  readonly preferences?: PreferencesInput | null;
}

const SKILL_SPREAD = SKILL_SCORES.advanced - SKILL_SCORES.beginner;

function scoreOf(level: SkillLevel | null | undefined): number | null {
  return level != null && (SKILL_LEVELS as readonly string[]).includes(level) ? SKILL_SCORES[level] : null;
}

/** A person's skill score (1–3) for the trail's activity (issue 23: biking has its own). Null when unknown. */
export function skillScoreFor(skills: SkillsInput | null | undefined, activity: Activity): number | null {
  return skills ? scoreOf(skills[activity]) : null;
}

/**
 * 100 × (1 − |a − b| / 2) on the trail's activity skill: equal levels 100, one level apart 50,
 * beginner vs advanced 0. Biking uses the profile's biking skill (issue 23; architecture §5 had
 * it average the hiking and running parts while profiles had none). Null when a level is unknown.
 */
export function skillCompatibility(
  a: SkillsInput | null | undefined,
  b: SkillsInput | null | undefined,
  activity: Activity,
): number | null {
  const scoreA = skillScoreFor(a, activity);
  const scoreB = skillScoreFor(b, activity);
  if (scoreA === null || scoreB === null) return null;
  return 100 * (1 - Math.abs(scoreA - scoreB) / SKILL_SPREAD);
}

/** 50, plus 20 for the same pace, 15 for the same communication, 15 for the same adventure level. */
export function preferenceCompatibility(a: PreferencesInput | null | undefined, b: PreferencesInput | null | undefined): number | null {
  if (!isCompletePreferences(a) || !isCompletePreferences(b)) return null;
  return (
    PREFERENCE_POINTS.base +
    (a.pace === b.pace ? PREFERENCE_POINTS.pace : 0) +
    (a.communication === b.communication ? PREFERENCE_POINTS.communication : 0) +
    (a.adventureLevel === b.adventureLevel ? PREFERENCE_POINTS.adventureLevel : 0)
  );
}

/**
 * round((skill + preference) / 2), an integer 0–100. Both profiles need both skill levels and all
 * three preferences; otherwise this answers DEFAULT_COMPATIBILITY, which no view shows any more
 * (knownCompatibility answers null instead: architecture §5 "a pair without the data shows no
 * number"). Completeness is required of both skills even on a hiking or running trail so that a
 * half-filled profile never gets a precise-looking figure.
 */
export function compatibility(
  a: CompatibilityProfile | null | undefined,
  b: CompatibilityProfile | null | undefined,
  activity: Activity,
): number {
  if (!hasCompleteSkills(a?.skills) || !hasCompleteSkills(b?.skills)) return DEFAULT_COMPATIBILITY;
  const skill = skillCompatibility(a?.skills, b?.skills, activity);
  const preference = preferenceCompatibility(a?.preferences, b?.preferences);
  if (skill === null || preference === null) return DEFAULT_COMPATIBILITY;
  // Both parts are multiples of 5, so the sum is exact and .5 rounds up.
  return Math.round((skill + preference) / 2);
}

/**
 * The pair's compatibility as a member sees it (issue 24, "one honest number"): the formula's
 * figure, or null when either side's data is incomplete, so the card shows "—" with a reason
 * instead of product §9's 85% default, which read as a real figure.
 */
export function knownCompatibility(
  a: CompatibilityProfile | null | undefined,
  b: CompatibilityProfile | null | undefined,
  activity: Activity,
): number | null {
  return isComplete(a) && isComplete(b) ? compatibility(a, b, activity) : null;
}

/** Said on a card in place of a figure when knownCompatibility has none. */
export const NO_COMPATIBILITY_REASON = 'not enough profile details to compare';

/** A card's figure: "68% match", or "—" when there is none (the card gives the reason beside it). */
export function compatibilityLabel(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${Math.round(value)}% match` : '—';
}

/** A hike's figure for a newcomer, saying it is an average (issue 24). */
export function hikeCompatibilityLabel(value: number | null, people: number): string {
  if (value === null) return '—';
  return people === 1 ? compatibilityLabel(value) : `${compatibilityLabel(value)} on average over the ${people} people on it`;
}

/** Who shares a trait: the two of a pair, or everyone on a hike with the viewer. */
type Sharers = 'both' | 'all';

const PACE_WORDS: Readonly<Record<Pace, (who: Sharers) => string>> = {
  relaxed: (who) => `${who} like a relaxed pace`,
  moderate: (who) => `${who} like a moderate pace`,
  fast: (who) => `${who} like a fast pace`,
};
const TALK_WORDS: Readonly<Record<CommunicationStyle, (who: Sharers) => string>> = {
  quiet: (who) => `${who} quiet`,
  balanced: (who) => `${who} easy-going talkers`,
  chatty: (who) => `${who} chatty`,
};
const ADVENTURE_WORDS: Readonly<Record<AdventureLevel, (who: Sharers) => string>> = {
  cautious: (who) => `${who} cautious`,
  moderate: () => 'same sense of adventure',
  adventurous: (who) => `${who} adventurous`,
};

/**
 * Why a pair scores what it does, in a few words for a card ("same pace", "both chatty"): the
 * parts of the formula they share, the skill first. Empty when nothing is shared or the data is
 * incomplete.
 */
export function compatibilityReasons(
  a: CompatibilityProfile | null | undefined,
  b: CompatibilityProfile | null | undefined,
  activity: Activity,
): string[] {
  return sharedReasons(a, [b], activity, 'both');
}

/** The preference parts of compatibilityReasons alone: said beside measured ability, which replaces the declared level. */
export function preferenceReasons(a: CompatibilityProfile | null | undefined, b: CompatibilityProfile | null | undefined): string[] {
  return sharedReasons(a, [b], null, 'both');
}

/**
 * Why a hike suits a newcomer (issue 24, ADR 0068): the parts of the formula the viewer shares
 * with every person on it ("same hiking level", "all chatty"). Empty when nothing is shared by
 * all of them, or when anyone's data is incomplete.
 */
export function groupReasons(
  viewer: CompatibilityProfile | null | undefined,
  people: readonly (CompatibilityProfile | null | undefined)[],
  activity: Activity,
): string[] {
  return sharedReasons(viewer, people, activity, people.length > 1 ? 'all' : 'both');
}

/** The reasons `a` shares with all of `others`: the declared level on `activity` (none: left out), then the preferences. */
function sharedReasons(
  a: CompatibilityProfile | null | undefined,
  others: readonly (CompatibilityProfile | null | undefined)[],
  activity: Activity | null,
  who: Sharers,
): string[] {
  if (others.length === 0 || !isComplete(a) || !others.every(isComplete)) return [];
  const complete = others as readonly CompatibilityProfile[];
  const reasons: string[] = [];
  if (activity && complete.every((b) => skillCompatibility(a.skills, b.skills, activity) === 100)) reasons.push(`same ${activity} level`);
  const pa = a.preferences!;
  const all = (same: (b: Required<PreferencesInput>) => boolean) =>
    complete.every((b) => same(b.preferences as Required<PreferencesInput>));
  if (all((b) => b.pace === pa.pace)) reasons.push(PACE_WORDS[pa.pace!](who));
  if (all((b) => b.communication === pa.communication)) reasons.push(TALK_WORDS[pa.communication!](who));
  if (all((b) => b.adventureLevel === pa.adventureLevel)) reasons.push(ADVENTURE_WORDS[pa.adventureLevel!](who));
  return reasons;
}

function isComplete(p: CompatibilityProfile | null | undefined): p is CompatibilityProfile {
  return hasCompleteSkills(p?.skills) && isCompletePreferences(p?.preferences);
}

function hasCompleteSkills(skills: SkillsInput | null | undefined): boolean {
  return scoreOf(skills?.hiking) !== null && scoreOf(skills?.running) !== null;
}

function isCompletePreferences(p: PreferencesInput | null | undefined): p is Required<PreferencesInput> {
  return (
    p != null &&
    p.pace != null &&
    (PACES as readonly string[]).includes(p.pace) &&
    p.communication != null &&
    (COMMUNICATION_STYLES as readonly string[]).includes(p.communication) &&
    p.adventureLevel != null &&
    (ADVENTURE_LEVELS as readonly string[]).includes(p.adventureLevel)
  );
}
