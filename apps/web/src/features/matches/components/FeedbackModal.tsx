import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { formatDate } from '@trailbuddy/shared/domain/date-format';
import {
  ATTENDED_REQUIRED_MESSAGE,
  COMMENT_MAX,
  DEFAULT_RATING,
  feedbackInputSchema,
  PARTNER_QUESTIONS,
  type PartnerAnswers,
  RATING_MAX,
  RATING_MIN,
} from '@trailbuddy/shared/domain/feedback';
import { Star } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useSkipFeedback } from '../api/skip-feedback';
import { useSubmitFeedback } from '../api/submit-feedback';
import { errorMessage } from '../../../lib/error-message';
import { partnerNameOf, trailNameOf } from '../utils/format';

export interface FeedbackModalProps {
  match: MatchView;
  onClose: () => void;
}

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * The feedback form (product §5): whether I attended comes first and is required; the rating
 * (1 to 5, default 5), would-hike-again, the three yes/no questions about the partner (showed up,
 * on time, pace as described: ADR 0031) and the comment only appear after "yes". Submit and
 * Skip both count as my answer, so the prompt does not come back for this match.
 */
export function FeedbackModal({ match, onClose }: FeedbackModalProps) {
  const [attended, setAttended] = useState<boolean | null>(null);
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [wouldHikeAgain, setWouldHikeAgain] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  const [partnerAnswers, setPartnerAnswers] = useState<PartnerAnswers>({});
  const [validationError, setValidationError] = useState<string | null>(null);
  const attendedRef = useRef<HTMLFieldSetElement>(null);
  const attendedErrorId = useId();
  const commentId = useId();
  const submit = useSubmitFeedback();
  const skip = useSkipFeedback();
  const busy = submit.isPending || skip.isPending;
  const failure = submit.error ?? skip.error;
  const partnerName = partnerNameOf(match.partner);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = comment.trim();
    const draft = attended
      ? {
          attended,
          rating,
          ...(wouldHikeAgain !== null && { wouldHikeAgain }),
          ...(trimmed && { comment: trimmed }),
          ...partnerAnswers,
        }
      : { attended: attended ?? undefined };
    const parsed = feedbackInputSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setValidationError(issue?.path[0] === 'attended' ? ATTENDED_REQUIRED_MESSAGE : (issue?.message ?? ATTENDED_REQUIRED_MESSAGE));
      attendedRef.current?.querySelector('input')?.focus();
      return;
    }
    setValidationError(null);
    submit.mutate({ matchId: match.id, feedback: parsed.data }, { onSuccess: onClose });
  }

  return (
    <Dialog
      title="How was your hike?"
      description={`${trailNameOf(match)} with ${partnerName} · ${formatDate(match.startTime, 'short')}`}
      onClose={onClose}
      historyEntry="feedback"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <fieldset ref={attendedRef} aria-describedby={validationError ? attendedErrorId : undefined}>
          <legend className="mb-2 text-sm font-semibold text-stone-800">Did you attend this hike?</legend>
          <YesNo
            name="attended"
            value={attended}
            invalid={Boolean(validationError)}
            onChange={(value) => {
              setAttended(value);
              setValidationError(null);
            }}
          />
          {validationError && (
            <p id={attendedErrorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
              {validationError}
            </p>
          )}
        </fieldset>

        {attended && (
          <>
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-stone-800">Rating</legend>
              <div className="flex gap-1">
                {RATINGS.map((value) => (
                  <label
                    key={value}
                    className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600"
                  >
                    <input
                      type="radio"
                      name="rating"
                      value={value}
                      checked={rating === value}
                      onChange={() => setRating(value)}
                      className="sr-only"
                    />
                    <Star
                      className={`size-8 transition-colors ${value <= rating ? 'fill-amber-400 text-amber-500' : 'text-stone-300'}`}
                      aria-hidden="true"
                    />
                    <span className="sr-only">{value === 1 ? '1 star' : `${value} stars`}</span>
                  </label>
                ))}
              </div>
            </fieldset>

            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-stone-800">Would you hike with {partnerName} again?</legend>
              <YesNo name="wouldHikeAgain" value={wouldHikeAgain} onChange={setWouldHikeAgain} />
            </fieldset>

            {/* The structured questions: they make up the partner's reliability badge (ADR 0031). */}
            {PARTNER_QUESTIONS.map(({ field, question }) => (
              <fieldset key={field}>
                <legend className="mb-2 text-sm font-semibold text-stone-800">{question(partnerName)}</legend>
                <YesNo
                  name={field}
                  value={partnerAnswers[field] ?? null}
                  onChange={(value) => setPartnerAnswers((answers) => ({ ...answers, [field]: value }))}
                />
              </fieldset>
            ))}

            <div>
              <label htmlFor={commentId} className="mb-1.5 block text-sm font-semibold text-stone-800">
                Comment <span className="font-normal text-stone-500">(optional)</span>
              </label>
              <textarea
                id={commentId}
                value={comment}
                maxLength={COMMENT_MAX}
                rows={3}
                onChange={(event) => setComment(event.target.value)}
                className="block w-full resize-y rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-stone-900 ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
              />
            </div>
          </>
        )}

        {failure && <Alert tone="error">{errorMessage(failure)}</Alert>}

        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button variant="secondary" disabled={busy} onClick={() => skip.mutate(match.id, { onSuccess: onClose })}>
            Skip
          </Button>
          <Button type="submit" disabled={busy}>
            {submit.isPending ? 'Sending…' : 'Submit'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function YesNo({
  name,
  value,
  invalid = false,
  onChange,
}: {
  name: string;
  value: boolean | null;
  invalid?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      {([true, false] as const).map((option) => (
        <label
          key={String(option)}
          className={`flex cursor-pointer items-center justify-center rounded-xl px-3 py-2.5 text-sm font-semibold ring-1 ring-inset transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
            value === option
              ? 'bg-brand-700 text-white ring-brand-700'
              : `bg-white text-stone-800 hover:bg-stone-50 ${invalid ? 'ring-red-400' : 'ring-stone-300'}`
          }`}
        >
          <input
            type="radio"
            name={name}
            value={option ? 'yes' : 'no'}
            checked={value === option}
            onChange={() => onChange(option)}
            aria-invalid={invalid || undefined}
            className="sr-only"
          />
          {option ? 'Yes' : 'No'}
        </label>
      ))}
    </div>
  );
}

export default FeedbackModal;
