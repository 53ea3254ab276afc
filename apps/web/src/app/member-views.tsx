import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { Me } from '@trailbuddy/shared/contracts/profile';
import type { View } from '../lib/navigation';
import { useFeedbackPrompt } from '../lib/queries/matches';

// The views and overlays only a signed-in person sees, with how they are composed: this module is
// loaded when one is first needed (main-app.tsx), so a visitor's home page downloads neither it nor
// the list of their chunks (architecture §7 budget: ≤ 100 KB of JS; ADR 0036).
const MatchingView = lazy(() => import('../features/matches/components/MatchingView'));
const NoMatchesView = lazy(() => import('../features/matches/components/NoMatchesView'));
const RequestSentView = lazy(() => import('../features/matches/components/RequestSentView'));
const MatchAcceptedView = lazy(() => import('../features/matches/components/MatchAcceptedView'));
const MatchesPageView = lazy(() => import('../features/matches/components/MatchesPageView'));
const PartnersView = lazy(() => import('../features/matches/components/PartnersView'));
const FeedbackModal = lazy(() => import('../features/matches/components/FeedbackModal'));
const ProfileView = lazy(() => import('../features/profile/components/ProfileView'));
const PersonalProfileView = lazy(() => import('../features/profile/components/PersonalProfileView'));
const RegistrationModal = lazy(() => import('../features/profile/components/RegistrationModal'));
const AgendaView = lazy(() => import('../features/agenda/components/AgendaView'));
const ConversationView = lazy(() => import('../features/conversation/components/ConversationView'));
// Changing plans and the calendar (ADR 0027), composed into the matches and profile views.
const MatchPlanActions = lazy(() => import('../features/plans/components/MatchPlanActions'));
const MatchesPagePlans = lazy(() => import('../features/plans/components/MatchesPagePlans'));
const CalendarFeedSection = lazy(() => import('../features/plans/components/CalendarFeedSection'));
// The trip plan (ADR 0033): the emergency contact in the profile, the trip on the match card.
const EmergencyContactSection = lazy(() => import('../features/trip/components/EmergencyContactSection'));
const TripActions = lazy(() => import('../features/trip/components/TripActions'));
// Block and report (issue 14, ADR 0032), composed into the profile dialog, match cards, the conversation and the profile.
const SafetyActions = lazy(() => import('../features/safety/components/SafetyActions'));
const BlockedPeopleSection = lazy(() => import('../features/safety/components/BlockedPeopleSection'));
const NotificationsView = lazy(() => import('../features/notifications/components/NotificationsView'));
const OpenNotificationView = lazy(() => import('../features/notifications/components/OpenNotificationView'));
const NotificationPreferencesView = lazy(() => import('../features/notifications/components/NotificationPreferencesView'));
const PushOffer = lazy(() => import('../features/push/components/PushOffer'));
const PushSetting = lazy(() => import('../features/push/components/PushSetting'));
const ComfortSection = lazy(() => import('../features/comfort/components/ComfortSection'));
// Measured ability (issue 24, ADR 0056): below the declared levels of the profile.
const MeasuredAbilitySection = lazy(() => import('../features/ability/components/MeasuredAbilitySection'));
const TravelDistanceSection = lazy(() => import('../features/profile/components/TravelDistanceSection'));
const AccountSettingsView = lazy(() => import('../features/account/components/AccountSettingsView'));
const AccountSection = lazy(() => import('../features/account/components/AccountSection'));
// Who may match (ADR 0030): the server's refusals become the next step, the profile's notice inside.
const MatchingGate = lazy(() => import('../features/verification/components/MatchingGate'));
const VerifyEmailNotice = lazy(() =>
  import('../features/profile/components/VerifyEmailNotice').then((m) => ({ default: m.VerifyEmailNotice })),
);

// Each in its own Suspense: loading the chunk must not swap the whole view for the spinner.
const later = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;
const verifyEmailNotice = (email: string) => later(<VerifyEmailNotice email={email} />);
const planActions = (match: MatchView, now?: number) => (
  <>
    {later(<MatchPlanActions match={match} now={now} />)}
    {later(<TripActions match={match} now={now} />)}
  </>
);
type Person = { id: string; name: string };
const profileSafety = (person: Person, close: () => void) => later(<SafetyActions person={person} onBlocked={close} />);
// Everyone else on the hike, not only its first other person (issue 23): the partner alone when
// the card has no people list (an older view, a profile gone).
const othersOnCard = (match: MatchView): Person[] =>
  match.people.length > 0 ? match.people.map((p) => p.profile) : match.partner ? [match.partner] : [];
const cardActions = (match: MatchView, now?: number) => (
  <>
    {planActions(match, now)}
    {othersOnCard(match).map((person) => (
      <Suspense key={person.id} fallback={null}>
        {/* A hike the viewer left on a block (ADR 0073) is no longer theirs to name. */}
        <SafetyActions person={person} matchId={match.cancellation?.hikeGoesOn ? undefined : match.id} compact />
      </Suspense>
    ))}
  </>
);
const partnerSafety = (person: Person, matchId: string) => later(<SafetyActions person={person} matchId={matchId} compact />);
const messageSafety = (person: Person, matchId: string, messageId: string) =>
  later(<SafetyActions person={person} matchId={matchId} messageId={messageId} compact />);

/** A view of MEMBER_VIEWS (lib/routes.ts); main-app.tsx renders the others itself. */
export type MemberView = Exclude<View, { name: 'home' | 'trail-detail' | 'not-found' | 'account-deleted' }>;

export function MemberViewOf({ view }: { view: MemberView }) {
  switch (view.name) {
    case 'matching':
      return <MatchingView trailId={view.trailId} day={view.day} capacity={view.capacity} time={view.time} />;
    case 'no-matches':
      return <NoMatchesView trailId={view.trailId} day={view.day} time={view.time} matchId={view.matchId} profileActions={profileSafety} />;
    case 'request-sent':
      return <RequestSentView matchId={view.matchId} actions={planActions} />;
    case 'match-accepted':
      return <MatchAcceptedView matchId={view.matchId} actions={planActions} />;
    case 'conversation':
      return <ConversationView matchId={view.matchId} partnerActions={partnerSafety} messageActions={messageSafety} />;
    case 'matches-page':
      return <MatchesPageView tab={view.tab ?? 'upcoming'} aside={later(<MatchesPagePlans />)} cardActions={cardActions} />;
    case 'matches':
      return <PartnersView />;
    case 'profile':
      return <ProfileView userId={view.userId} />;
    case 'personal-profile':
      return (
        <PersonalProfileView
          sections={later(
            <>
              <MeasuredAbilitySection />
              <ComfortSection />
              <TravelDistanceSection />
              <EmergencyContactSection />
              <CalendarFeedSection />
              <PushSetting />
              <BlockedPeopleSection />
              <AccountSection />
            </>,
          )}
        />
      );
    case 'agenda':
      return <AgendaView month={view.month} day={view.day} />;
    case 'notifications':
      return <NotificationsView />;
    case 'notification':
      return <OpenNotificationView notificationId={view.notificationId} />;
    case 'notification-preferences':
      return <NotificationPreferencesView />;
    case 'account-settings':
      return <AccountSettingsView />;
  }
}

export interface MemberOverlaysProps {
  me: Me;
  /** The onboarding carousel is open (or due): the feedback prompt waits for it. */
  onboardingShown: boolean;
}

/**
 * What opens over the view for a signed-in person: the matching gate, registration, the feedback
 * prompt. (The push offer is not one of them: it sits in the page, above the view, main-app.tsx.)
 */
export function MemberOverlays({ me, onboardingShown }: MemberOverlaysProps) {
  const registrationComplete = me.profile.registrationComplete;
  const feedbackPrompt = useFeedbackPrompt(registrationComplete).data;
  const [feedbackDismissed, setFeedbackDismissed] = useState<string | null>(null);
  const showFeedback = registrationComplete && !onboardingShown && feedbackPrompt && feedbackPrompt.id !== feedbackDismissed;
  return (
    <>
      {later(<MatchingGate me={me} verifyEmailNotice={verifyEmailNotice} />)}
      <Suspense fallback={null}>
        {!registrationComplete && <RegistrationModal me={me} />}
        {showFeedback && <FeedbackModal match={feedbackPrompt} onClose={() => setFeedbackDismissed(feedbackPrompt.id)} />}
      </Suspense>
    </>
  );
}

/** The push offer (ADR 0024), which main-app.tsx places in the page above the view, not over it. */
export function PushOfferInPage() {
  return later(<PushOffer />);
}
