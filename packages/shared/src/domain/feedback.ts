/**
 * Post-session feedback (product §3 "Feedback per user", §4 completion and prompt, §5 feedback
 * form, §9 ratings 1 to 5, default 5).
 */
import { z } from 'zod';
import type { MatchStatus } from '../contracts/enums';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DEFAULT_RATING = 5;
export const COMMENT_MAX = 1000;

export const ATTENDED_REQUIRED_MESSAGE = 'Please tell us whether you attended.';

/** The fields that only make sense about a session that took place (product §5). */
const ATTENDED_ONLY_FIELDS = {
  rating: 'Rating',
  wouldHikeAgain: 'Would hike again',
  comment: 'Comment',
  showedUp: 'Showed up',
  onTime: 'On time',
  paceAsDescribed: 'Pace as described',
} as const;

/**
 * The structured questions about the partner (issue 14, ADR 0031): yes or no each, optional, and
 * only about a hike the person attended. They feed the partner's reliability badge.
 */
export const PARTNER_QUESTIONS = [
  { field: 'showedUp', question: (partner: string) => `Did ${partner} show up?` },
  { field: 'onTime', question: (partner: string) => `Was ${partner} on time?` },
  { field: 'paceAsDescribed', question: (partner: string) => `Was ${partner}'s pace as described?` },
] as const;
export type PartnerQuestion = (typeof PARTNER_QUESTIONS)[number]['field'];
export type PartnerAnswers = Partial<Record<PartnerQuestion, boolean>>;

const ratingMessage = `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}.`;

/**
 * The feedback form. The optional fields are refused, each under its own name, when the user did
 * not attend: the form only shows them after "yes", so receiving them with "no" means a client
 * bug, and storing a 5-star rating for a session nobody attended would skew ratings. The default
 * rating is applied only for attended sessions, for the same reason. The parsed value is a union
 * on `attended`, so code downstream cannot read a rating for a missed session.
 */
export const feedbackInputSchema = z
  .object({
    attended: z.boolean({ error: ATTENDED_REQUIRED_MESSAGE }),
    rating: z.number({ error: ratingMessage }).int(ratingMessage).min(RATING_MIN, ratingMessage).max(RATING_MAX, ratingMessage).optional(),
    wouldHikeAgain: z.boolean({ error: 'Would hike again must be yes or no.' }).optional(),
    comment: z.string({ error: 'Comment must be text.' }).max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters.`).optional(),
    showedUp: z.boolean({ error: 'Showed up must be yes or no.' }).optional(),
    onTime: z.boolean({ error: 'On time must be yes or no.' }).optional(),
    paceAsDescribed: z.boolean({ error: 'Pace as described must be yes or no.' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.attended) return;
    for (const [field, label] of Object.entries(ATTENDED_ONLY_FIELDS)) {
      if (value[field as keyof typeof ATTENDED_ONLY_FIELDS] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} is only allowed when you attended.` });
      }
    }
  })
  .transform((value): FeedbackInput => {
    if (!value.attended) return { attended: false };
    return {
      attended: true,
      rating: value.rating ?? DEFAULT_RATING,
      ...(value.wouldHikeAgain !== undefined && { wouldHikeAgain: value.wouldHikeAgain }),
      ...(value.comment !== undefined && { comment: value.comment }),
      ...(value.showedUp !== undefined && { showedUp: value.showedUp }),
      ...(value.onTime !== undefined && { onTime: value.onTime }),
      ...(value.paceAsDescribed !== undefined && { paceAsDescribed: value.paceAsDescribed }),
    };
  });

export type FeedbackInput =
  ({ attended: true; rating: number; wouldHikeAgain?: boolean; comment?: string } & PartnerAnswers) | { attended: false };
/** What a client sends (rating may be left out). */
export type FeedbackRequest = z.input<typeof feedbackInputSchema>;

/**
 * "Skip" on the prompt. An explicit `skipped: true` (rather than an empty body) lets one endpoint
 * take either shape without an empty object being mistaken for a skip.
 */
export const skipFeedbackSchema = z.object({ skipped: z.literal(true, { error: 'skipped must be true.' }) }).strict();
export type SkipFeedbackInput = z.infer<typeof skipFeedbackSchema>;

/** A confirmed match has exactly two participants (id1 and id2). */
const PARTICIPANTS_PER_MATCH = 2;

/**
 * True when both participants have submitted or skipped feedback, the condition for
 * confirmed → completed (product §4). Anything other than two distinct participants is not a
 * confirmed pair, so it is never complete. Entries from non-participants are ignored.
 */
export function isFeedbackComplete(participants: readonly string[], feedbackBy: readonly string[]): boolean {
  const people = new Set(participants);
  if (people.size !== PARTICIPANTS_PER_MATCH || participants.length !== PARTICIPANTS_PER_MATCH) return false;
  const given = new Set(feedbackBy);
  return [...people].every((id) => given.has(id));
}

export interface FeedbackPromptCandidate {
  readonly status: MatchStatus;
  readonly startTime: Date;
  readonly endTime: Date;
  readonly participants: readonly string[];
  /** Users who submitted or skipped feedback on this match. */
  readonly feedbackBy: readonly string[];
}

/**
 * The match to prompt `userId` for (product §4): a confirmed match that has ended (end ≤ now), that
 * the user takes part in and has not answered. When several qualify, the earliest end comes
 * first (the oldest debt), then the earliest start, then input order, so the choice is stable.
 */
export function pendingFeedbackPrompt<M extends FeedbackPromptCandidate>(matches: readonly M[], userId: string, now: Date): M | null {
  let best: M | null = null;
  for (const m of matches) {
    const due =
      m.status === 'confirmed' && m.endTime.getTime() <= now.getTime() && m.participants.includes(userId) && !m.feedbackBy.includes(userId);
    if (!due) continue;
    if (
      best === null ||
      m.endTime.getTime() < best.endTime.getTime() ||
      (m.endTime.getTime() === best.endTime.getTime() && m.startTime.getTime() < best.startTime.getTime())
    ) {
      best = m;
    }
  }
  return best;
}
