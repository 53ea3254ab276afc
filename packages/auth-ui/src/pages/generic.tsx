import { useRef } from 'react';
import { strings } from '../strings';
import { Actions, PageHeader, PrimaryButton, Text, useFocusOnMount } from '../ui/elements';
import type { PageRegistry } from '../widget/page-types';

/** `recoverableError` (checklist §1.8): the message and, when there is one, Retry. */
export function RecoverableErrorPage({ message, onRetry }: PageRegistry['recoverableError']) {
  const retryRef = useRef<HTMLButtonElement>(null);
  useFocusOnMount(retryRef, Boolean(onRetry));
  return (
    <div className="authui-form">
      <PageHeader title={strings.errorTitle} />
      <Text>{message}</Text>
      {onRetry && (
        <Actions>
          <PrimaryButton onClick={onRetry} buttonRef={retryRef}>
            {strings.retry}
          </PrimaryButton>
        </Actions>
      )}
    </div>
  );
}

/** `unrecoverableError` (checklist §1.8): the message, no buttons. */
export function UnrecoverableErrorPage({ message }: PageRegistry['unrecoverableError']) {
  return (
    <div className="authui-form">
      <PageHeader title={strings.errorTitle} />
      <Text>{message}</Text>
    </div>
  );
}

/** `signOut` (checklist §1.8). */
export function SignOutPage() {
  return (
    <div className="authui-form">
      <PageHeader title={strings.signOutTitle} />
      <Text>{strings.signOutBody}</Text>
    </div>
  );
}
