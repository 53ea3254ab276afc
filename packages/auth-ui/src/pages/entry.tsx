import { useRef, useState } from 'react';
import { strings } from '../strings';
import { Actions, Form, PageHeader, PrimaryButton, SecondaryButton, TextField, TosFooter, useFocusOnMount } from '../ui/elements';
import { ProviderIcon } from '../ui/icons';
import { useWidget } from '../widget/context';
import type { PageRegistry } from '../widget/page-types';
import { validateEmail } from '../widget/validation';

/** `providerSignIn` ("nascar", checklist §1.1, §1.9): one button per provider, in config order. */
export function ProviderSignInPage({ buttons, onSelect }: PageRegistry['providerSignIn']) {
  const app = useWidget();
  return (
    <div className="authui-provider-sign-in">
      <ul className="authui-idp-list">
        {buttons.map((button) => (
          <li key={button.providerId} className="authui-idp-list-item">
            <button
              type="button"
              className="authui-idp-button"
              data-provider-id={button.providerId}
              style={{ backgroundColor: button.color, color: button.textColor }}
              aria-label={button.longLabel}
              onClick={() => {
                if (!app.pending) onSelect(button.providerId);
              }}
            >
              <span className="authui-idp-icon-wrapper">
                <ProviderIcon button={button} />
              </span>
              <span className="authui-idp-text authui-idp-text-long">{button.longLabel}</span>
              <span className="authui-idp-text authui-idp-text-short" aria-hidden="true">
                {button.shortLabel}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <TosFooter variant="full" />
    </div>
  );
}

/** `signIn`: the e-mail entry page (checklist §1.1). */
export function SignInPage({ email: initial = '', showCancel, fullTos, onSubmit, onCancel }: PageRegistry['signIn']) {
  const app = useWidget();
  const [email, setEmail] = useState(initial);
  const emailRef = useRef<HTMLInputElement>(null);
  useFocusOnMount(emailRef);
  const submit = () => {
    const error = validateEmail(email);
    if (error) {
      app.setFieldErrors({ email: error }, 'email');
      return;
    }
    onSubmit(email.trim());
  };
  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.signInWithEmailTitle} />
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
  return <div className="authui-spinner" role="progressbar" aria-label={strings.loading} />;
}
