import { useRef } from 'react';
import { strings } from '../strings';
import { Actions, Bold, Message, PageHeader, PrimaryButton, Text, useFocusOnMount } from '../ui/elements';
import type { PageRegistry } from '../widget/page-types';

/** `unauthorizedUser` (checklist §1.6): the identifier, the admin contact, "Learn More"; focus on Back. */
export function UnauthorizedUserPage({ identifier, adminEmail, helpLink, onBack }: PageRegistry['unauthorizedUser']) {
  const backRef = useRef<HTMLButtonElement>(null);
  useFocusOnMount(backRef);
  return (
    <div className="authui-form">
      <PageHeader title={strings.notAuthorizedTitle} />
      <Text>
        {identifier ? (
          <Message template={strings.notAuthorizedBody} values={{ identifier: <Bold>{identifier}</Bold> }} />
        ) : (
          strings.notAuthorizedNoIdentifier
        )}
      </Text>
      {adminEmail && (
        <Text>
          <Message template={strings.contactAdmin} values={{ adminEmail: <Bold>{adminEmail}</Bold> }} />
        </Text>
      )}
      <Actions>
        {helpLink && (
          <a className="authui-link" href={helpLink} target="_blank" rel="noopener noreferrer">
            {strings.learnMore}
          </a>
        )}
        <PrimaryButton onClick={onBack} buttonRef={backRef}>
          {strings.back}
        </PrimaryButton>
      </Actions>
    </div>
  );
}
