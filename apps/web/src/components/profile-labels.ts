import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import type { AdventureLevel, CommunicationStyle, Gender, Pace, SkillLevel } from '@trailbuddy/shared/contracts/enums';

export const SKILL_LABELS: Record<SkillLevel, string> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };
export const GENDER_LABELS: Record<Gender, string> = { Male: 'Male', Female: 'Female', Other: 'Other' };
export const PACE_LABELS: Record<Pace, string> = { relaxed: 'Relaxed', moderate: 'Moderate', fast: 'Fast' };
export const COMMUNICATION_LABELS: Record<CommunicationStyle, string> = { quiet: 'Quiet', balanced: 'Balanced', chatty: 'Chatty' };
export const ADVENTURE_LABELS: Record<AdventureLevel, string> = { cautious: 'Cautious', moderate: 'Moderate', adventurous: 'Adventurous' };

/** product §8 fallback for a value that is missing. */
export const NOT_AVAILABLE = FALLBACK_LABELS.notAvailable;
