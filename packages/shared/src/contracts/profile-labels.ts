import type { AdventureLevel, CommunicationStyle, Gender, Pace, SkillLevel } from './enums';

/**
 * What the app writes for each value of a profile's lists (product §3, §9): one table per list,
 * read by every view, form and mail that names a value, so none spells or capitalises one on its
 * own. Apart from the trails' labels (labels.ts): the signed-out home needs only those (ADR 0072's
 * budget), and a module is bundled whole.
 */
export const SKILL_LABELS: Readonly<Record<SkillLevel, string>> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};
export const GENDER_LABELS: Readonly<Record<Gender, string>> = { Male: 'Male', Female: 'Female', Other: 'Other' };
export const PACE_LABELS: Readonly<Record<Pace, string>> = { relaxed: 'Relaxed', moderate: 'Moderate', fast: 'Fast' };
export const COMMUNICATION_LABELS: Readonly<Record<CommunicationStyle, string>> = {
  quiet: 'Quiet',
  balanced: 'Balanced',
  chatty: 'Chatty',
};
export const ADVENTURE_LABELS: Readonly<Record<AdventureLevel, string>> = {
  cautious: 'Cautious',
  moderate: 'Moderate',
  adventurous: 'Adventurous',
};
