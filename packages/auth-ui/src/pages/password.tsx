import { useRef, useState, type RefObject } from 'react';
import { strings } from '../strings';
import {
  Actions,
  EmailField,
  EmailText,
  FocusedPrimaryButton,
  Form,
  InfoPage,
  LinkButton,
  PageHeader,
  PrimaryButton,
  SecondaryButton,
  Text,
  TextField,
  TosFooter,
  useEmailEntry,
  useFocusOnMount,
} from '../ui/elements';
import { useWidget } from '../widget/context';
import type { FieldName, PageRegistry } from '../widget/page-types';
import { validateEmail, validateName, validatePassword } from '../widget/validation';

/** Sets the inline errors of an invalid submit and focuses the first invalid field (checklist §4). */
function useValidation() {
  const app = useWidget();
  return (checks: Array<[FieldName, string | null]>): boolean => {
    const failed = checks.filter((c): c is [FieldName, string] => c[1] !== null);
    if (failed.length === 0) return true;
    app.setFieldErrors(Object.fromEntries(failed), failed[0]![0]);
    return false;
  };
}

/** The account's password and the sign-in actions, on the pages that sign in with it. */
function CurrentPassword({
  value,
  onChange,
  inputRef,
  onForgotPassword,
}: {
  value: string;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  onForgotPassword: () => void;
}) {
  return (
    <>
      <TextField
        name="password"
        label={strings.passwordLabel}
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={onChange}
        inputRef={inputRef}
      />
      <Actions>
        <LinkButton onClick={onForgotPassword}>{strings.troubleSigningIn}</LinkButton>
        <PrimaryButton>{strings.signInButton}</PrimaryButton>
      </Actions>
    </>
  );
}

/** `passwordSignIn` (checklist §1.2): focus on the e-mail if empty, else the password. */
export function PasswordSignInPage({
  email: initial,
  fullTos,
  onSubmit,
  onForgotPassword,
  onCreateAccount,
}: PageRegistry['passwordSignIn']) {
  const [email, setEmail] = useState(initial);
  const [password, setPassword] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const validate = useValidation();
  useFocusOnMount(initial ? passwordRef : emailRef);
  const submit = () => {
    if (
      validate([
        ['email', validateEmail(email)],
        ['password', validatePassword(password)],
      ])
    )
      onSubmit(email.trim(), password);
  };
  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.signInTitle} />
      <EmailField value={email} onChange={setEmail} inputRef={emailRef} onEnter={() => passwordRef.current?.focus()} />
      <CurrentPassword
        value={password}
        onChange={setPassword}
        inputRef={passwordRef}
        onForgotPassword={() => onForgotPassword(email.trim())}
      />
      {onCreateAccount && (
        <Text>
          {strings.newToTheSite} <LinkButton onClick={() => onCreateAccount(email.trim())}>{strings.createAccountTitle}</LinkButton>
        </Text>
      )}
      <TosFooter variant={fullTos ? 'full' : 'links'} />
    </Form>
  );
}

/**
 * `passwordSignUp` (checklist §1.2): e-mail, the name when required, a new password with the eye
 * toggle. Enter moves e-mail → name → password, then submits; focus starts on the first empty field.
 */
export function PasswordSignUpPage(props: PageRegistry['passwordSignUp']) {
  const { requireDisplayName, fullTos, showCancel, onSubmit, onCancel } = props;
  const [email, setEmail] = useState(props.email);
  const [name, setName] = useState(props.name ?? '');
  const [password, setPassword] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const validate = useValidation();
  useFocusOnMount(!props.email ? emailRef : requireDisplayName && !props.name ? nameRef : passwordRef);
  const submit = () => {
    const checks: Array<[FieldName, string | null]> = [['email', validateEmail(email)]];
    if (requireDisplayName) checks.push(['name', validateName(name)]);
    checks.push(['password', validatePassword(password)]);
    if (!validate(checks)) return;
    onSubmit({ email: email.trim(), ...(requireDisplayName && { name: name.trim() }), password });
  };
  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.createAccountTitle} />
      <EmailField
        value={email}
        onChange={setEmail}
        inputRef={emailRef}
        onEnter={() => (requireDisplayName ? nameRef : passwordRef).current?.focus()}
      />
      {requireDisplayName && (
        <TextField
          name="name"
          label={strings.nameLabel}
          autoComplete="name"
          value={name}
          onChange={setName}
          inputRef={nameRef}
          onEnter={() => passwordRef.current?.focus()}
        />
      )}
      <TextField
        name="password"
        label={strings.choosePasswordLabel}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        inputRef={passwordRef}
        toggle
      />
      <Actions>
        {showCancel && onCancel && <SecondaryButton onClick={onCancel}>{strings.cancel}</SecondaryButton>}
        <PrimaryButton>{strings.save}</PrimaryButton>
      </Actions>
      <TosFooter variant={fullTos ? 'full' : 'links'} />
    </Form>
  );
}

/** `passwordRecovery` (checklist §1.2). */
export function PasswordRecoveryPage({ email: initial, showCancel, onSubmit, onCancel }: PageRegistry['passwordRecovery']) {
  const { submit, field } = useEmailEntry(initial, onSubmit);
  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.recoverPasswordTitle} />
      <Text>{strings.recoverPasswordBody}</Text>
      <EmailField {...field} />
      <Actions>
        {showCancel && onCancel && <SecondaryButton onClick={onCancel}>{strings.cancel}</SecondaryButton>}
        <PrimaryButton>{strings.send}</PrimaryButton>
      </Actions>
    </Form>
  );
}

/** `passwordRecoveryEmailSent` (checklist §1.2): Done only when there is somewhere to go. */
export function PasswordRecoveryEmailSentPage({ email, onDone }: PageRegistry['passwordRecoveryEmailSent']) {
  return (
    <InfoPage title={strings.checkYourEmailTitle}>
      <EmailText template={strings.recoveryEmailSentBody} email={email} />
      {onDone && (
        <Actions>
          <FocusedPrimaryButton onClick={onDone}>{strings.done}</FocusedPrimaryButton>
        </Actions>
      )}
      <TosFooter variant="links" />
    </InfoPage>
  );
}

/** `passwordLinking` (checklist §1.2, §5.8). */
export function PasswordLinkingPage({ email, onSubmit, onForgotPassword }: PageRegistry['passwordLinking']) {
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const validate = useValidation();
  useFocusOnMount(passwordRef);
  return (
    <Form onSubmit={() => validate([['password', validatePassword(password)]]) && onSubmit(password)}>
      <PageHeader title={strings.signInTitle} subtitle={strings.alreadyHaveAccount} />
      <EmailText template={strings.passwordLinkingBody} email={email} />
      <CurrentPassword value={password} onChange={setPassword} inputRef={passwordRef} onForgotPassword={onForgotPassword} />
      <TosFooter variant="links" />
    </Form>
  );
}

/** `unsupportedProvider` (checklist §1.2): recover the password to continue on this device. */
export function UnsupportedProviderPage({ email, onRecover, onCancel }: PageRegistry['unsupportedProvider']) {
  return (
    <InfoPage title={strings.signInTitle}>
      <EmailText template={strings.unsupportedProviderBody} email={email} />
      <Actions>
        <SecondaryButton onClick={onCancel}>{strings.cancel}</SecondaryButton>
        <FocusedPrimaryButton onClick={onRecover}>{strings.recoverPassword}</FocusedPrimaryButton>
      </Actions>
      <TosFooter variant="links" />
    </InfoPage>
  );
}
