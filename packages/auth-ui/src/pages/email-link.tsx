import { strings } from '../strings';
import {
  Actions,
  Bold,
  EmailField,
  EmailText,
  FocusedPrimaryButton,
  Form,
  InfoPage,
  LinkButton,
  Message,
  PageHeader,
  PrimaryButton,
  SecondaryButton,
  Text,
  TosFooter,
  useEmailEntry,
} from '../ui/elements';
import { MailIcon } from '../ui/icons';
import type { PageRegistry } from '../widget/page-types';

/** `emailLinkSignInSent` (checklist §1.4 #14): the envelope, the e-mail, "Trouble getting email?", Back (focused). */
export function EmailLinkSignInSentPage({ email, onTrouble, onBack }: PageRegistry['emailLinkSignInSent']) {
  return (
    <InfoPage title={strings.emailLinkSentTitle}>
      <MailIcon />
      <EmailText template={strings.emailLinkSentBody} email={email} />
      <Actions>
        <LinkButton onClick={onTrouble}>{strings.troubleGettingEmail}</LinkButton>
        <FocusedPrimaryButton onClick={onBack}>{strings.back}</FocusedPrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </InfoPage>
  );
}

/** `emailNotReceived` (checklist §1.4 #15): the four fixes, Resend, Back. */
export function EmailNotReceivedPage({ onResend, onBack }: PageRegistry['emailNotReceived']) {
  return (
    <InfoPage title={strings.emailNotReceivedTitle}>
      <Text>{strings.emailNotReceivedIntro}</Text>
      <ul className="authui-text authui-fix-list">
        {strings.emailNotReceivedFixes.map((fix) => (
          <li key={fix}>{fix}</li>
        ))}
      </ul>
      <Text>{strings.emailNotReceivedResend}</Text>
      <Actions>
        <LinkButton onClick={onResend}>{strings.resend}</LinkButton>
        <PrimaryButton onClick={onBack}>{strings.back}</PrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </InfoPage>
  );
}

/** `emailLinkSignInConfirmation` (checklist §1.4 #16): the e-mail the link was sent to; Next or Enter; Cancel. */
export function EmailLinkSignInConfirmationPage({ email: initial = '', onSubmit, onCancel }: PageRegistry['emailLinkSignInConfirmation']) {
  const { submit, field } = useEmailEntry(initial, onSubmit);
  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.confirmEmailTitle} />
      <Text>{strings.confirmEmailBody}</Text>
      <EmailField {...field} />
      <Actions>
        <SecondaryButton onClick={onCancel}>{strings.cancel}</SecondaryButton>
        <PrimaryButton>{strings.next}</PrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </Form>
  );
}

/** A notice with one "Dismiss" button (checklist §1.4 #17, #18). */
function DismissNotice({ title, body, onDismiss }: { title: string; body: string; onDismiss: () => void }) {
  return (
    <InfoPage title={title}>
      <Text>{body}</Text>
      <Actions>
        <FocusedPrimaryButton onClick={onDismiss}>{strings.dismiss}</FocusedPrimaryButton>
      </Actions>
    </InfoPage>
  );
}

/** `differentDeviceError` (checklist §1.4 #17). */
export function DifferentDeviceErrorPage({ onDismiss }: PageRegistry['differentDeviceError']) {
  return <DismissNotice title={strings.differentDeviceTitle} body={strings.differentDeviceBody} onDismiss={onDismiss} />;
}

/** `anonymousUserMismatch` (checklist §1.4 #18): "Session ended". */
export function AnonymousUserMismatchPage({ onDismiss }: PageRegistry['anonymousUserMismatch']) {
  return <DismissNotice title={strings.sessionEndedTitle} body={strings.sessionEndedBody} onDismiss={onDismiss} />;
}

/** `emailLinkSignInLinking` (checklist §1.4 #19): connect the IdP account by signing in with a link. */
export function EmailLinkSignInLinkingPage({ email, providerName, onSubmit }: PageRegistry['emailLinkSignInLinking']) {
  return (
    <InfoPage title={strings.signInTitle} subtitle={strings.alreadyHaveAccount}>
      <Text>
        <Message
          template={strings.emailLinkLinkingBody}
          values={{ email: <Bold>{email}</Bold>, providerName: <Bold>{providerName}</Bold> }}
        />
      </Text>
      <Text>
        <Message template={strings.emailLinkLinkingNote} values={{ providerName }} />
      </Text>
      <Actions>
        <FocusedPrimaryButton onClick={onSubmit}>{strings.signInButton}</FocusedPrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </InfoPage>
  );
}

/** `emailLinkSignInLinkingDifferentDevice` (checklist §1.4 #20): Continue signs in without linking. */
export function EmailLinkSignInLinkingDifferentDevicePage({
  providerName,
  onContinue,
}: PageRegistry['emailLinkSignInLinkingDifferentDevice']) {
  return (
    <InfoPage title={strings.signInTitle}>
      <Text>
        <Message template={strings.emailLinkLinkingDifferentDeviceBody} values={{ providerName: <Bold>{providerName}</Bold> }} />
      </Text>
      <Text>
        <Message template={strings.emailLinkLinkingDifferentDeviceNote} values={{ providerName: <Bold>{providerName}</Bold> }} />
      </Text>
      <Actions>
        <FocusedPrimaryButton onClick={onContinue}>{strings.continue}</FocusedPrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </InfoPage>
  );
}
