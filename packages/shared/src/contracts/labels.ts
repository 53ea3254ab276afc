import type { Activity, AdventureLevel, CommunicationStyle, Gender, Pace, SkillLevel } from './enums';
import type { WeekendDay } from '../domain/schedule';

/**
 * What the app writes for each value of product §3's and §9's lists: one table per list, read by
 * every view, form and mail that names a value, so no view spells or capitalises one on its own.
 */
export const ACTIVITY_LABELS: Readonly<Record<Activity, string>> = { hiking: 'Hiking', running: 'Running', biking: 'Biking' };
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
export const WEEKEND_DAY_LABELS: Readonly<Record<WeekendDay, string>> = { saturday: 'Saturday', sunday: 'Sunday' };
