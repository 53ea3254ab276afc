import { useRef } from 'react';
import { format, strings } from '../strings';
import { Actions, Bold, Message, PageHeader, PrimaryButton, SecondaryButton, Text, TosFooter, useFocusOnMount } from '../ui/elements';
import type { PageRegistry } from '../widget/page-types';

/** `federatedLinking` (checklist §1.3): sign in with the account's IdP; focus on the button. */
export function FederatedLinkingPage({ email, providerName, onSubmit }: PageRegistry['federatedLinking']) {
  const submitRef = useRef<HTMLButtonElement>(null);
  useFocusOnMount(submitRef);
  return (
    <div className="authui-form">
      <PageHeader title={strings.signInTitle} subtitle={strings.alreadyHaveAccount} />
      <Text>
        <Message template={strings.federatedLinkingBody} values={{ email: <Bold>{email}</Bold>, providerName }} />
      </Text>
      <Actions>
        <PrimaryButton onClick={onSubmit} buttonRef={submitRef}>
          {format(strings.signInWithProvider, { providerName })}
        </PrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </div>
  );
}

/** `emailMismatch` (checklist §1.3 #13): continue as the IdP account's e-mail, or go back. */
export function EmailMismatchPage({ userEmail, pendingEmail, onContinue, onCancel }: PageRegistry['emailMismatch']) {
  const continueRef = useRef<HTMLButtonElement>(null);
  useFocusOnMount(continueRef);
  return (
    <div className="authui-form">
      <PageHeader title={strings.signInTitle} subtitle={format(strings.emailMismatchSubtitle, { email: userEmail })} />
      <Text>
        <Message template={strings.emailMismatchBody} values={{ email: <Bold>{pendingEmail}</Bold> }} />
      </Text>
      <Actions>
        <SecondaryButton onClick={onCancel}>{strings.cancel}</SecondaryButton>
        <PrimaryButton onClick={onContinue} buttonRef={continueRef}>
          {strings.continue}
        </PrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </div>
  );
}
