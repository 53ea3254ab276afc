import { strings } from '../strings';
import { Actions, EmailField, Form, IdpButton, PageHeader, PrimaryButton, TosFooter, useEmailEntry } from '../ui/elements';
import type { PageRegistry } from '../widget/page-types';

/**
 * `selectTenant` (checklist §1.8 #38): one button per tenant, "Sign in to {displayName}" (or its
 * full label) in the tenant's colour with its icon; footer Full ToS/PP.
 */
export function SelectTenantPage({ buttons, onSelect }: PageRegistry['selectTenant']) {
  return (
    <div className="authui-provider-sign-in authui-select-tenant">
      <ul className="authui-idp-list">
        {buttons.map((button) => (
          <IdpButton
            key={button.tenantId}
            extraClass="authui-tenant-button"
            data={{ 'data-tenant-id': button.tenantId }}
            button={button}
            icon={
              button.iconUrl ? (
                <img className="authui-idp-icon" src={button.iconUrl} alt="" />
              ) : (
                <span className="authui-idp-icon authui-idp-icon-badge" aria-hidden="true">
                  {button.shortLabel.charAt(0).toUpperCase()}
                </span>
              )
            }
            onSelect={() => onSelect(button.tenantId)}
          />
        ))}
      </ul>
      <TosFooter variant="full" />
    </div>
  );
}

/** `providerMatchByEmail` (checklist §1.8 #39, identifier-first): "Sign in", Email, Next; footer Full ToS/PP. */
export function ProviderMatchByEmailPage({ email: initial = '', onSubmit }: PageRegistry['providerMatchByEmail']) {
  const { submit, field } = useEmailEntry(initial, onSubmit);
  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.signInTitle} />
      <EmailField {...field} />
      <Actions>
        <PrimaryButton>{strings.next}</PrimaryButton>
      </Actions>
      <TosFooter variant="full" />
    </Form>
  );
}
