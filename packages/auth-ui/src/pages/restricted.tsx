import { strings } from '../strings';
import { Actions, Bold, FocusedPrimaryButton, InfoPage, Message, Text } from '../ui/elements';
import type { PageRegistry } from '../widget/page-types';

/** `unauthorizedUser` (checklist §1.6): the identifier, the admin contact, "Learn More"; focus on Back. */
export function UnauthorizedUserPage({ identifier, adminEmail, helpLink, onBack }: PageRegistry['unauthorizedUser']) {
  return (
    <InfoPage title={strings.notAuthorizedTitle}>
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
        <FocusedPrimaryButton onClick={onBack}>{strings.back}</FocusedPrimaryButton>
      </Actions>
    </InfoPage>
  );
}
