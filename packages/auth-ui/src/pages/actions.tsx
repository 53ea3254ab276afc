import { useRef, useState } from 'react';
import { strings } from '../strings';
import {
  Actions,
  Bold,
  EmailText,
  FocusedPrimaryButton,
  Form,
  InfoPage,
  LinkButton,
  Message,
  PageHeader,
  PrimaryButton,
  Text,
  TextField,
  useFocusOnMount,
} from '../ui/elements';
import { useWidget } from '../widget/context';
import type { PageRegistry } from '../widget/page-types';
import { validatePassword } from '../widget/validation';

/** Continue, only when the link carried a continue URL (checklist §1.7). */
function ContinueButton({ onContinue }: { onContinue?: () => void }) {
  if (!onContinue) return null;
  return (
    <Actions>
      <FocusedPrimaryButton onClick={onContinue}>{strings.continue}</FocusedPrimaryButton>
    </Actions>
  );
}

/** `passwordReset` (checklist §1.7): the new password with the eye toggle; focus on it; Enter saves. */
export function PasswordResetPage({ email, onSubmit }: PageRegistry['passwordReset']) {
  const app = useWidget();
  const [password, setPassword] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useFocusOnMount(ref);
  const submit = () => {
    const error = validatePassword(password);
    if (error) app.setFieldErrors({ newPassword: error }, 'newPassword');
    else onSubmit(password);
  };
  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.resetPasswordTitle} />
      <EmailText template={strings.resetPasswordFor} email={email} />
      <TextField
        name="newPassword"
        label={strings.newPasswordLabel}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        inputRef={ref}
        toggle
      />
      <Actions>
        <PrimaryButton>{strings.save}</PrimaryButton>
      </Actions>
    </Form>
  );
}

export function PasswordResetSuccessPage({ onContinue }: PageRegistry['passwordResetSuccess']) {
  return (
    <InfoPage title={strings.passwordChangedTitle}>
      <Text>{strings.passwordChangedBody}</Text>
      <ContinueButton {...(onContinue && { onContinue })} />
    </InfoPage>
  );
}

export function PasswordResetFailurePage() {
  return (
    <InfoPage title={strings.resetFailureTitle}>
      <Text>{strings.resetFailureBody}</Text>
    </InfoPage>
  );
}

/** `emailChangeRevoke` (checklist §1.7): the restored e-mail and the password-reset offer. */
export function EmailChangeRevokePage({ email, onResetPassword }: PageRegistry['emailChangeRevoke']) {
  return (
    <InfoPage title={strings.emailChangeRevokeTitle}>
      <EmailText template={strings.emailChangeRevokeBody} email={email} />
      <Text>
        <Message
          template={strings.emailChangeRevokeWarning}
          values={{ link: <LinkButton onClick={onResetPassword}>{strings.changePasswordRightAway}</LinkButton> }}
        />
      </Text>
    </InfoPage>
  );
}

export function EmailChangeRevokeFailurePage() {
  return (
    <InfoPage title={strings.emailChangeRevokeFailureTitle}>
      <Text>{strings.emailChangeRevokeFailureBody}</Text>
      <Text>{strings.emailChangeRevokeFailureHelp}</Text>
    </InfoPage>
  );
}

export function EmailVerificationSuccessPage({ onContinue }: PageRegistry['emailVerificationSuccess']) {
  return (
    <InfoPage title={strings.emailVerifiedTitle}>
      <Text>{strings.emailVerifiedBody}</Text>
      <ContinueButton {...(onContinue && { onContinue })} />
    </InfoPage>
  );
}

export function EmailVerificationFailurePage() {
  return (
    <InfoPage title={strings.emailVerificationFailureTitle}>
      <Text>{strings.emailVerificationFailureBody}</Text>
    </InfoPage>
  );
}

export function VerifyAndChangeEmailSuccessPage({ email, onContinue }: PageRegistry['verifyAndChangeEmailSuccess']) {
  return (
    <InfoPage title={strings.verifyAndChangeSuccessTitle}>
      <EmailText template={strings.verifyAndChangeSuccessBody} email={email} />
      <ContinueButton {...(onContinue && { onContinue })} />
    </InfoPage>
  );
}

export function VerifyAndChangeEmailFailurePage() {
  return (
    <InfoPage title={strings.verifyAndChangeFailureTitle}>
      <Text>{strings.verifyAndChangeFailureBody}</Text>
    </InfoPage>
  );
}

/** `revertSecondFactorAdditionSuccess` (checklist §1.7): which factor went, and the password-reset offer. */
export function RevertSecondFactorAdditionSuccessPage({
  factorId,
  phoneNumber,
  onChangePassword,
}: PageRegistry['revertSecondFactorAdditionSuccess']) {
  return (
    <InfoPage title={strings.revertSecondFactorSuccessTitle}>
      <Text>
        {factorId === 'phone' ? (
          <Message
            template={strings.revertSecondFactorPhoneBody}
            values={{ factor: <Bold>{`${factorId} ${phoneNumber ?? ''}`.trim()}</Bold> }}
          />
        ) : (
          strings.revertSecondFactorOtherBody
        )}
      </Text>
      <Text>
        <Message
          template={strings.revertSecondFactorWarning}
          values={{ link: <LinkButton onClick={onChangePassword}>{strings.changingPasswordRightAway}</LinkButton> }}
        />
      </Text>
    </InfoPage>
  );
}

export function RevertSecondFactorAdditionFailurePage() {
  return (
    <InfoPage title={strings.revertSecondFactorFailureTitle}>
      <Text>{strings.revertSecondFactorFailureBody}</Text>
      <Text>{strings.revertSecondFactorFailureHelp}</Text>
    </InfoPage>
  );
}
