import { useRef, useState } from 'react';
import { strings } from '../strings';
import {
  Actions,
  Bold,
  Form,
  LinkButton,
  Message,
  PageHeader,
  PrimaryButton,
  SecondaryButton,
  Text,
  TextField,
  TosFooter,
  useFocusOnMount,
} from '../ui/elements';
import { MailIcon } from '../ui/icons';
import { useWidget } from '../widget/context';
import type { PageRegistry } from '../widget/page-types';
import { validateEmail } from '../widget/validation';

/** `emailLinkSignInSent` (checklist §1.4 #14): the envelope, the e-mail, "Trouble getting email?", Back (focused). */
export function EmailLinkSignInSentPage({ email, onTrouble, onBack }: PageRegistry['emailLinkSignInSent']) {
  const backRef = useRef<HTMLButtonElement>(null);
  useFocusOnMount(backRef);
  return (
    <div className="authui-form">
      <PageHeader title={strings.emailLinkSentTitle} />
      <MailIcon />
      <Text>
        <Message template={strings.emailLinkSentBody} values={{ email: <Bold>{email}</Bold> }} />
      </Text>
      <Actions>
        <LinkButton onClick={onTrouble}>{strings.troubleGettingEmail}</LinkButton>
        <PrimaryButton onClick={onBack} buttonRef={backRef}>
          {strings.back}
        </PrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </div>
  );
}

/** `emailNotReceived` (checklist §1.4 #15): the four fixes, Resend, Back. */
export function EmailNotReceivedPage({ onResend, onBack }: PageRegistry['emailNotReceived']) {
  return (
    <div className="authui-form">
      <PageHeader title={strings.emailNotReceivedTitle} />
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
    </div>
  );
}

/** `emailLinkSignInConfirmation` (checklist §1.4 #16): the e-mail the link was sent to; Next or Enter; Cancel. */
export function EmailLinkSignInConfirmationPage({ email: initial = '', onSubmit, onCancel }: PageRegistry['emailLinkSignInConfirmation']) {
  const app = useWidget();
  const [email, setEmail] = useState(initial);
  const emailRef = useRef<HTMLInputElement>(null);
  useFocusOnMount(emailRef);
  const submit = () => {
    const error = validateEmail(email);
    if (error) app.setFieldErrors({ email: error }, 'email');
    else onSubmit(email.trim());
  };
  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.confirmEmailTitle} />
      <Text>{strings.confirmEmailBody}</Text>
      <TextField
        name="email"
        label={strings.emailLabel}
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
        inputRef={emailRef}
      />
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
  const dismissRef = useRef<HTMLButtonElement>(null);
  useFocusOnMount(dismissRef);
  return (
    <div className="authui-form">
      <PageHeader title={title} />
      <Text>{body}</Text>
      <Actions>
        <PrimaryButton onClick={onDismiss} buttonRef={dismissRef}>
          {strings.dismiss}
        </PrimaryButton>
      </Actions>
    </div>
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
  const submitRef = useRef<HTMLButtonElement>(null);
  useFocusOnMount(submitRef);
  return (
    <div className="authui-form">
      <PageHeader title={strings.signInTitle} subtitle={strings.alreadyHaveAccount} />
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
        <PrimaryButton onClick={onSubmit} buttonRef={submitRef}>
          {strings.signInButton}
        </PrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </div>
  );
}

/** `emailLinkSignInLinkingDifferentDevice` (checklist §1.4 #20): Continue signs in without linking. */
export function EmailLinkSignInLinkingDifferentDevicePage({
  providerName,
  onContinue,
}: PageRegistry['emailLinkSignInLinkingDifferentDevice']) {
  const continueRef = useRef<HTMLButtonElement>(null);
  useFocusOnMount(continueRef);
  return (
    <div className="authui-form">
      <PageHeader title={strings.signInTitle} />
      <Text>
        <Message template={strings.emailLinkLinkingDifferentDeviceBody} values={{ providerName: <Bold>{providerName}</Bold> }} />
      </Text>
      <Text>
        <Message template={strings.emailLinkLinkingDifferentDeviceNote} values={{ providerName: <Bold>{providerName}</Bold> }} />
      </Text>
      <Actions>
        <PrimaryButton onClick={onContinue} buttonRef={continueRef}>
          {strings.continue}
        </PrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </div>
  );
}
