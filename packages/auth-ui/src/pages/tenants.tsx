import { useRef, useState } from 'react';
import { strings } from '../strings';
import { Actions, Form, PageHeader, PrimaryButton, TextField, TosFooter, useFocusOnMount } from '../ui/elements';
import { useWidget } from '../widget/context';
import type { PageRegistry } from '../widget/page-types';
import { validateEmail } from '../widget/validation';

/**
 * `selectTenant` (checklist §1.8 #38): one button per tenant, "Sign in to {displayName}" (or its
 * full label) in the tenant's colour with its icon; footer Full ToS/PP.
 */
export function SelectTenantPage({ buttons, onSelect }: PageRegistry['selectTenant']) {
  const app = useWidget();
  return (
    <div className="authui-provider-sign-in authui-select-tenant">
      <ul className="authui-idp-list">
        {buttons.map((button) => (
          <li key={button.tenantId} className="authui-idp-list-item">
            <button
              type="button"
              className="authui-idp-button authui-tenant-button"
              data-tenant-id={button.tenantId}
              style={{ backgroundColor: button.color, color: button.textColor }}
              aria-label={button.longLabel}
              onClick={() => {
                if (!app.pending) onSelect(button.tenantId);
              }}
            >
              <span className="authui-idp-icon-wrapper">
                {button.iconUrl ? (
                  <img className="authui-idp-icon" src={button.iconUrl} alt="" />
                ) : (
                  <span className="authui-idp-icon authui-idp-icon-badge" aria-hidden="true">
                    {button.shortLabel.charAt(0).toUpperCase()}
                  </span>
                )}
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

/** `providerMatchByEmail` (checklist §1.8 #39, identifier-first): "Sign in", Email, Next; footer Full ToS/PP. */
export function ProviderMatchByEmailPage({ email: initial = '', onSubmit }: PageRegistry['providerMatchByEmail']) {
  const app = useWidget();
  const [email, setEmail] = useState(initial);
  const emailRef = useRef<HTMLInputElement>(null);
  useFocusOnMount(emailRef);
  const submit = () => {
    const error = validateEmail(email);
    if (error) app.setFieldErrors({ email: error }, 'email');
    else onSubmit(email.trim());
  };
  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.signInTitle} />
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
        <PrimaryButton>{strings.next}</PrimaryButton>
      </Actions>
      <TosFooter variant="full" />
    </Form>
  );
}
