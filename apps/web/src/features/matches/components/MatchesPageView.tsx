import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { CalendarCheck, Hourglass, Mountain, Users, type LucideIcon } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { useMyMatches } from '../../../lib/queries/matches';
import { MATCH_TAB_LABELS, MATCH_TABS, splitMatchTabs, type MatchTab } from '../utils/match-tabs';
import { FeedbackModal } from './FeedbackModal';
import { MatchCard } from './MatchCard';
import { Tabs } from './Tabs';
import { CardSkeleton, EmptyState } from './visuals';
import { useSeeMatchNotifications } from '../api/see-notifications';

const EMPTY: Record<MatchTab, { icon: LucideIcon; message: string }> = {
  upcoming: { icon: CalendarCheck, message: 'No upcoming hikes yet. Pick a trail and we’ll find you a buddy.' },
  pending: { icon: Hourglass, message: 'No pending requests right now.' },
  completed: { icon: Mountain, message: 'No completed hikes yet. Your finished sessions will show up here.' },
};

/** The current time, refreshed every minute, so a session moves to Completed once it ends. */
function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface MatchesPageViewProps {
  tab?: MatchTab;
  /** Shown above the tabs: what the app composes in from other features (open searches, changed plans). */
  aside?: ReactNode;
  /** Extra controls on each match card, composed in by the app. */
  cardActions?: (match: MatchView, now: number) => ReactNode;
}

/** product §2 "matches-page": my matches in three tabs, Upcoming, Pending and Completed. */
export default function MatchesPageView({ tab: initialTab = 'upcoming', aside, cardActions }: MatchesPageViewProps) {
  const { navigate } = useNavigation();
  const matchesQuery = useMyMatches();
  const now = useNow();
  const [tab, setChosenTab] = useState<MatchTab>(initialTab);
  // Each tab has its address (/matches/pending), replacing the entry: a choice, not a new view.
  const setTab = (next: MatchTab) => {
    setChosenTab(next);
    navigate({ name: 'matches-page', tab: next }, { replace: true });
  };
  const [feedbackFor, setFeedbackFor] = useState<MatchView | null>(null);

  const byTab = useMemo(() => (matchesQuery.data ? splitMatchTabs(matchesQuery.data, now) : null), [matchesQuery.data, now]);
  // The open tab's cards are on screen: their notifications are seen (ADR 0037).
  useSeeMatchNotifications(byTab?.[tab].map((m) => m.id) ?? [], matchesQuery.dataUpdatedAt);

  function panel(key: MatchTab) {
    if (matchesQuery.isPending) {
      return (
        <div role="status" aria-label="Loading matches" className="space-y-3">
          <CardSkeleton />
          <CardSkeleton />
        </div>
      );
    }
    if (matchesQuery.isError || !byTab) {
      return (
        <EmptyState
          message="We couldn’t load your matches."
          action={
            <Button variant="secondary" onClick={() => void matchesQuery.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    const list = byTab[key];
    if (list.length === 0) {
      const { icon, message } = EMPTY[key];
      return (
        <EmptyState
          icon={icon}
          message={message}
          action={key === 'upcoming' ? <Button onClick={() => navigate({ name: 'home' })}>Find a trail</Button> : undefined}
        />
      );
    }
    return (
      <ul className="grid gap-3 lg:grid-cols-2 lg:gap-4">
        {list.map((match) => (
          <li key={match.id}>
            <MatchCard
              match={match}
              now={now}
              onGiveFeedback={key === 'completed' ? setFeedbackFor : undefined}
              actions={cardActions?.(match, now)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="matches-heading" className="space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="matches-heading" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            My Matches
          </h1>
          <p className="mt-1 text-stone-600">Your hikes, requests and past sessions.</p>
        </div>
        <Button variant="secondary" onClick={() => navigate({ name: 'matches' })}>
          <Users className="size-4" aria-hidden="true" />
          Past partners
        </Button>
      </header>

      {aside}

      <Tabs
        label="Matches"
        selected={tab}
        onSelect={setTab}
        tabs={MATCH_TABS.map((key) => ({
          key,
          label: MATCH_TAB_LABELS[key],
          count: byTab?.[key].length,
          panel: panel(key),
        }))}
      />

      {feedbackFor && <FeedbackModal match={feedbackFor} onClose={() => setFeedbackFor(null)} />}
    </section>
  );
}
