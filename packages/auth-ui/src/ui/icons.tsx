import type { ProviderButtonModel } from '../config/providers';

/**
 * Provider icons drawn inline, so the widget loads nothing from a third-party CDN (FirebaseUI
 * used gstatic images). Brands without a configured `iconUrl` get their initial on a badge.
 */
const PATHS: Record<'mail' | 'phone' | 'anonymous' | 'key', string> = {
  mail: 'M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 4-8 5-8-5V6l8 5 8-5z',
  phone:
    'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z',
  anonymous: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4z',
  key: 'M12.65 10A6 6 0 1 0 12.65 14H17v4h4v-4h2v-4zM7 14a2 2 0 1 1 0-4 2 2 0 0 1 0 4z',
};

export function ProviderIcon({ button }: { button: ProviderButtonModel }) {
  if (button.iconUrl) return <img className="authui-idp-icon" src={button.iconUrl} alt="" />;
  if (button.iconKind === 'brand') {
    return (
      <span className="authui-idp-icon authui-idp-icon-badge" aria-hidden="true">
        {button.shortLabel.charAt(0).toUpperCase()}
      </span>
    );
  }
  const path = button.iconKind === 'saml' || button.iconKind === 'oidc' ? PATHS.key : PATHS[button.iconKind];
  return (
    <svg className="authui-idp-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg className="authui-dialog-check" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
    </svg>
  );
}

/** The envelope of the e-mail-link sent page. */
export function MailIcon() {
  return (
    <svg className="authui-page-icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={PATHS.mail} />
    </svg>
  );
}
