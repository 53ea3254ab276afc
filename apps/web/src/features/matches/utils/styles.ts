/**
 * Buttons for destructive actions. The shared Button has no danger variant, and adding a colour
 * on top of a variant's colour would leave the winner to CSS order, so these are complete.
 */
export const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-full px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed';

export const dangerButtonClasses = `${BUTTON_BASE} bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:bg-red-700/60`;
export const dangerGhostButtonClasses = `${BUTTON_BASE} text-red-700 hover:bg-red-50 disabled:text-stone-400`;

/** A secondary action on the coloured request card. */
export const onColourButtonClasses = `${BUTTON_BASE} bg-white/10 text-white ring-1 ring-white/50 ring-inset hover:bg-white/20 disabled:text-white/60`;
