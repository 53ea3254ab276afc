import { CalendarDays, Handshake, Map as TrailMap, MessageSquareHeart, type LucideIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useMe } from '../../../lib/queries/me';
import { useMarkOnboardingSeen } from '../api/mark-onboarding-seen';

interface Step {
  title: string;
  text: string;
  icon: LucideIcon;
  /** Circle colours of the illustration. */
  tint: string;
}

/** product §9: "Onboarding has 4 steps", following the journey of product §1. */
export const ONBOARDING_STEPS: readonly Step[] = [
  {
    title: 'Pick a trail',
    text: 'Browse this weekend’s hiking, running and biking trails and choose one that suits you.',
    icon: TrailMap,
    tint: 'bg-brand-100 text-brand-700',
  },
  {
    title: 'Choose Saturday or Sunday',
    text: 'Tell us which day of the weekend you want to go. Sessions start in the morning.',
    icon: CalendarDays,
    tint: 'bg-accent-100 text-accent-700',
  },
  {
    title: 'Get matched with a buddy',
    text: 'We pair you with someone going the same way, matched on skills and preferences. Accept and you are set.',
    icon: Handshake,
    tint: 'bg-amber-100 text-amber-700',
  },
  {
    title: 'Hike and give feedback',
    text: 'Enjoy the trail together, then tell us how it went so every next match gets better.',
    icon: MessageSquareHeart,
    tint: 'bg-rose-100 text-rose-700',
  },
];

/**
 * The onboarding carousel (product §2 "Modals and overlays", §4 user journey): four steps with a
 * Next button, the last one "Get started". Closing or finishing records that it was seen, once,
 * and only if it had not been. The header's help button reopens it at any time.
 */
export default function OnboardingCarousel({ onClose }: { onClose: () => void }) {
  const me = useMe().data;
  const markSeen = useMarkOnboardingSeen();
  const [index, setIndex] = useState(0);
  const closingRef = useRef(false);
  const nextRef = useRef<HTMLButtonElement>(null);
  const step = ONBOARDING_STEPS[index]!;
  const last = index === ONBOARDING_STEPS.length - 1;
  const Icon = step.icon;

  function close() {
    if (closingRef.current) return;
    closingRef.current = true;
    if (me && !me.profile.hasSeenOnboarding) {
      markSeen.mutate(undefined, { onSettled: onClose });
    } else {
      onClose();
    }
  }

  function goTo(next: number) {
    setIndex(next);
    // Keep focus on the primary action as it moves along, so keyboard users can just press Enter.
    requestAnimationFrame(() => nextRef.current?.focus());
  }

  /** Left and Right move between the slides from anywhere in the dialog, as in any carousel. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const next = index + step;
    if (step === 0 || next < 0 || next >= ONBOARDING_STEPS.length) return;
    event.preventDefault();
    goTo(next);
  }

  return (
    <Dialog
      title="How TrailBuddy works"
      description="From a trail to your next hike in four steps."
      onClose={close}
      historyEntry="onboarding"
    >
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label="Onboarding steps"
        aria-keyshortcuts="ArrowLeft ArrowRight"
        onKeyDown={onKeyDown}
        className="flex flex-col items-center text-center"
      >
        <div role="group" aria-roledescription="slide" aria-label={`Step ${index + 1} of ${ONBOARDING_STEPS.length}`} className="w-full">
          <div className={`mx-auto flex size-28 items-center justify-center rounded-full ${step.tint}`} aria-hidden="true">
            <Icon className="size-14" strokeWidth={1.5} />
          </div>
          <p className="mt-5 text-xs font-semibold tracking-wide text-stone-500 uppercase">
            Step {index + 1} of {ONBOARDING_STEPS.length}
          </p>
          <h3 className="mt-1 text-lg font-semibold text-stone-900" aria-live="polite">
            {step.title}
          </h3>
          <p className="mt-2 min-h-[4.5rem] text-sm leading-relaxed text-stone-600">{step.text}</p>
        </div>

        <ol className="mt-4 flex items-center gap-1" aria-label="Steps">
          {ONBOARDING_STEPS.map((s, i) => (
            <li key={s.title}>
              <button
                type="button"
                onClick={() => goTo(i)}
                aria-label={`Step ${i + 1}: ${s.title}`}
                aria-current={i === index ? 'step' : undefined}
                className="flex size-6 items-center justify-center rounded-full"
              >
                <span className={`block h-2 rounded-full transition-all ${i === index ? 'w-5 bg-brand-700' : 'w-2 bg-stone-300'}`} />
              </button>
            </li>
          ))}
        </ol>

        <div className="mt-5 flex w-full gap-3">
          {index > 0 ? (
            <Button variant="secondary" className="flex-1" onClick={() => goTo(index - 1)}>
              Back
            </Button>
          ) : (
            <Button variant="ghost" className="flex-1" onClick={close} disabled={markSeen.isPending}>
              Skip
            </Button>
          )}
          <button
            ref={nextRef}
            type="button"
            className={buttonClasses('primary', 'flex-1')}
            onClick={() => (last ? close() : goTo(index + 1))}
            disabled={markSeen.isPending}
          >
            {last ? 'Get started' : 'Next'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
