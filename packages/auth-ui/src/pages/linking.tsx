import { format, strings } from '../strings';
import { Actions, Bold, EmailText, FocusedPrimaryButton, InfoPage, Message, SecondaryButton, Text, TosFooter } from '../ui/elements';
import type { PageRegistry } from '../widget/page-types';

/** `federatedLinking` (checklist §1.3): sign in with the account's IdP; focus on the button. */
export function FederatedLinkingPage({ email, providerName, onSubmit }: PageRegistry['federatedLinking']) {
  return (
    <InfoPage title={strings.signInTitle} subtitle={strings.alreadyHaveAccount}>
      <Text>
        <Message template={strings.federatedLinkingBody} values={{ email: <Bold>{email}</Bold>, providerName }} />
      </Text>
      <Actions>
        <FocusedPrimaryButton onClick={onSubmit}>{format(strings.signInWithProvider, { providerName })}</FocusedPrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </InfoPage>
  );
}

/** `emailMismatch` (checklist §1.3 #13): continue as the IdP account's e-mail, or go back. */
export function EmailMismatchPage({ userEmail, pendingEmail, onContinue, onCancel }: PageRegistry['emailMismatch']) {
  return (
    <InfoPage title={strings.signInTitle} subtitle={format(strings.emailMismatchSubtitle, { email: userEmail })}>
      <EmailText template={strings.emailMismatchBody} email={pendingEmail} />
      <Actions>
        <SecondaryButton onClick={onCancel}>{strings.cancel}</SecondaryButton>
        <FocusedPrimaryButton onClick={onContinue}>{strings.continue}</FocusedPrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </InfoPage>
  );
}
