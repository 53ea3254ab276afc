import { strings } from '../strings';
import {
  Actions,
  EmailField,
  Form,
  IdpButton,
  PageHeader,
  PrimaryButton,
  SecondaryButton,
  Spinner,
  TosFooter,
  useEmailEntry,
} from '../ui/elements';
import { ProviderIcon } from '../ui/icons';
import type { PageRegistry } from '../widget/page-types';

/** `providerSignIn` ("nascar", checklist §1.1, §1.9): one button per provider, in config order. */
export function ProviderSignInPage({ buttons, onSelect }: PageRegistry['providerSignIn']) {
  return (
    <div className="authui-provider-sign-in">
      <ul className="authui-idp-list">
        {buttons.map((button) => (
          <IdpButton
            key={button.providerId}
            data={{ 'data-provider-id': button.providerId }}
            button={button}
            icon={<ProviderIcon button={button} />}
            onSelect={() => onSelect(button.providerId)}
          />
        ))}
      </ul>
      <TosFooter variant="full" />
    </div>
  );
}

/** `signIn`: the e-mail entry page (checklist §1.1). */
export function SignInPage({ email: initial = '', showCancel, fullTos, onSubmit, onCancel }: PageRegistry['signIn']) {
  const { email, submit, field } = useEmailEntry(initial, onSubmit);
  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.signInWithEmailTitle} />
      <EmailField {...field} />
      <Actions>
        {showCancel && onCancel && <SecondaryButton onClick={() => onCancel(email.trim())}>{strings.cancel}</SecondaryButton>}
        <PrimaryButton>{strings.next}</PrimaryButton>
      </Actions>
      <TosFooter variant={fullTos ? 'full' : 'links'} />
    </Form>
  );
}

/** `blank`: an empty container (its spinner appears after 500 ms, drawn by the frame). */
export function BlankPage() {
  return <div className="authui-blank" />;
}

/** `callback`: a card holding only a permanent progress bar. */
export function CallbackPage() {
  return (
    <div className="authui-callback">
      <div className="authui-progress-bar authui-progress-bar-permanent" role="progressbar" aria-label={strings.loading}>
        <div className="authui-progress-bar-indicator" />
      </div>
    </div>
  );
}

/** `spinner`: a spinner only. */
export function SpinnerPage() {
  return <Spinner />;
}
