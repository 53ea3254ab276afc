/** Value lists of product §3 and §9, shared by the API schemas, the database and the forms. */
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Preference scales; the spec fixes only the defaults (moderate, chatty, moderate). */
export const PACES = ['relaxed', 'moderate', 'fast'] as const;
export const COMMUNICATION_STYLES = ['quiet', 'balanced', 'chatty'] as const;
export const ADVENTURE_LEVELS = ['cautious', 'moderate', 'adventurous'] as const;
export type Pace = (typeof PACES)[number];
export type CommunicationStyle = (typeof COMMUNICATION_STYLES)[number];
export type AdventureLevel = (typeof ADVENTURE_LEVELS)[number];

export const DIFFICULTIES = ['Easy', 'Moderate', 'Challenging'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const ACTIVITIES = ['hiking', 'running', 'biking'] as const;
export type Activity = (typeof ACTIVITIES)[number];
/** The admin form offers every activity (issue 23; product §9 offered only hiking and running). */
export const ADMIN_FORM_ACTIVITIES = ACTIVITIES;

export const MATCH_STATUSES = ['searching', 'pending', 'confirmed', 'completed', 'cancelled', 'active'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const PROFILE_DEFAULTS = {
  skills: { hiking: 'beginner', running: 'beginner', biking: 'beginner' },
  preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' },
} as const;

export const AGE_MIN = 1;
export const AGE_MAX = 120;
export const BIO_MIN = 10;
export const BIO_MAX = 500;
export const PASSWORD_MIN = 6;
