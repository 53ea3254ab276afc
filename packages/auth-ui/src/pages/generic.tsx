import { strings } from '../strings';
import { Actions, FocusedPrimaryButton, InfoPage, Text } from '../ui/elements';
import type { PageRegistry } from '../widget/page-types';

/** `recoverableError` (checklist §1.8): the message and, when there is one, Retry. */
export function RecoverableErrorPage({ message, onRetry }: PageRegistry['recoverableError']) {
  return (
    <InfoPage title={strings.errorTitle}>
      <Text>{message}</Text>
      {onRetry && (
        <Actions>
          <FocusedPrimaryButton onClick={onRetry}>{strings.retry}</FocusedPrimaryButton>
        </Actions>
      )}
    </InfoPage>
  );
}

/** `unrecoverableError` (checklist §1.8): the message, no buttons. */
export function UnrecoverableErrorPage({ message }: PageRegistry['unrecoverableError']) {
  return (
    <InfoPage title={strings.errorTitle}>
      <Text>{message}</Text>
    </InfoPage>
  );
}

/** `signOut` (checklist §1.8). */
export function SignOutPage() {
  return (
    <InfoPage title={strings.signOutTitle}>
      <Text>{strings.signOutBody}</Text>
    </InfoPage>
  );
}
