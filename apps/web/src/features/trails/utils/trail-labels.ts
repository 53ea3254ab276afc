import type { Difficulty } from '@trailbuddy/shared/contracts/enums';

export const DIFFICULTY_STYLES: Record<Difficulty, string> = {
  Easy: 'bg-brand-50 text-brand-800 ring-brand-200',
  Moderate: 'bg-amber-50 text-amber-800 ring-amber-200',
  Challenging: 'bg-red-50 text-red-800 ring-red-200',
};
