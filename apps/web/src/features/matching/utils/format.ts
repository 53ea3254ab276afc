import type { SkillLevel } from '@trailbuddy/shared/contracts/enums';
import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import { DEFAULT_COMPATIBILITY } from '@trailbuddy/shared/domain/compatibility';

/** A stored compatibility, or the product's default display when none was computed (SPEC §9). */
export function compatibilityPercent(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : DEFAULT_COMPATIBILITY;
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function skillLabel(level: SkillLevel): string {
  return capitalize(level);
}

export const UNKNOWN_TRAIL = FALLBACK_LABELS.unknownTrail;
export const UNKNOWN_PARTNER = FALLBACK_LABELS.unknownPartner;
