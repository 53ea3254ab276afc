import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { hasTosAndPrivacy } from '../config/config';
import type { LinkTarget } from '../config/types';
import { strings } from '../strings';
import { useWidget, useWidgetState } from '../widget/context';
import type { FieldName } from '../widget/page-types';
import { validateEmail } from '../widget/validation';

/**
 * Fills `{name}` placeholders of a string template with elements (a bold e-mail, a link), so
 * every sentence stays whole in `strings.ts`.
 */
export function Message({ template, values = {} }: { template: string; values?: Record<string, ReactNode> }) {
  const parts = template.split(/(\{\w+\})/);
  return (
    <>
      {parts.map((part, i) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        return <Fragment key={i}>{name !== undefined && name in values ? values[name] : part}</Fragment>;
      })}
    </>
  );
}

export function Bold({ children }: { children: ReactNode }) {
  return <strong className="authui-text-emphasis">{children}</strong>;
}

/** Title, optional subtitle and body of a card page. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="authui-card-header">
      <h1 className="authui-title">{title}</h1>
      {subtitle && <h2 className="authui-subtitle">{subtitle}</h2>}
    </div>
  );
}

export function Text({ children }: { children: ReactNode }) {
  return <p className="authui-text">{children}</p>;
}

/** A sentence of `strings.ts` whose `{email}` shows in bold. */
export function EmailText({ template, email }: { template: string; email: string }) {
  return (
    <Text>
      <Message template={template} values={{ email: <Bold>{email}</Bold> }} />
    </Text>
  );
}

/** A card page without a form (a notice, a confirmation): the header, then the body. */
export function InfoPage({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="authui-form">
      <PageHeader title={title} subtitle={subtitle} />
      {children}
    </div>
  );
}

/** Focuses an element when the page mounts, caret at the end of a prefilled input. */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const element = ref.current;
    if (!element) return;
    element.focus();
    if (element instanceof HTMLInputElement) {
      const end = element.value.length;
      try {
        element.setSelectionRange(end, end);
      } catch {
        // type=email and type=number inputs have no selection API; the caret stays where it is.
      }
    }
    // Only on mount: a page re-shown with the same id mounts afresh.
  }, []);
}

interface FieldProps {
  name: FieldName;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel' | 'number';
  autoComplete?: string;
  /** Enter in this field: move on (focus the next field) instead of submitting. */
  onEnter?: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** The show/hide eye of new-password fields. */
  toggle?: boolean;
}

/**
 * A labelled input with its inline error (checklist §0): the error shows under the field, marks
 * it invalid, and goes as soon as the user types. A flow can ask for focus through the app.
 */
export function TextField({ name, label, value, onChange, type = 'text', autoComplete, onEnter, inputRef, toggle }: FieldProps) {
  const app = useWidget();
  const { fieldErrors, focus } = useWidgetState();
  const id = useId();
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  const [visible, setVisible] = useState(false);
  const error = fieldErrors[name];
  const errorId = `${id}-error`;

  useEffect(() => {
    if (focus?.field === name) ref.current?.focus();
  }, [focus, name, ref]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && onEnter) {
      event.preventDefault();
      onEnter();
    }
  };

  return (
    <div className={`authui-field${error ? ' authui-field-invalid' : ''}`}>
      <label className="authui-label" htmlFor={id}>
        {label}
      </label>
      <div className="authui-input-row">
        <input
          ref={ref}
          id={id}
          name={name}
          className="authui-input"
          type={toggle && visible ? 'text' : type}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            app.clearFieldError(name);
            onChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        {toggle && (
          <button
            type="button"
            className={`authui-input-toggle ${visible ? 'authui-input-toggle-on' : 'authui-input-toggle-off'}`}
            aria-label={visible ? strings.hidePassword : strings.showPassword}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon open={!visible} />
          </button>
        )}
      </div>
      <p className="authui-error" id={errorId} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
      />
      {!open && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
    </svg>
  );
}

/** The e-mail input of the sign-in pages (the account's identifier, so `username` for autofill). */
export function EmailField({ value, onChange, inputRef, onEnter }: Pick<FieldProps, 'value' | 'onChange' | 'inputRef' | 'onEnter'>) {
  return (
    <TextField
      name="email"
      label={strings.emailLabel}
      type="email"
      autoComplete="username"
      value={value}
      onChange={onChange}
      inputRef={inputRef}
      onEnter={onEnter}
    />
  );
}

/**
 * A page whose one field is the e-mail: the input, focused on mount, and a submit that shows the
 * field's inline error or hands on the trimmed address. Spread `field` into `<EmailField>`.
 */
export function useEmailEntry(initial: string, onSubmit: (email: string) => void) {
  const app = useWidget();
  const [email, setEmail] = useState(initial);
  const inputRef = useRef<HTMLInputElement>(null);
  useFocusOnMount(inputRef);
  const submit = () => {
    const error = validateEmail(email);
    if (error) app.setFieldErrors({ email: error }, 'email');
    else onSubmit(email.trim());
  };
  return { email, submit, field: { value: email, onChange: setEmail, inputRef } };
}

/** A form whose submit is ignored while a request is in flight (one request at a time). */
export function Form({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const app = useWidget();
  return (
    <form
      className="authui-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!app.pending) onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export function Actions({ children }: { children: ReactNode }) {
  return <div className="authui-form-actions">{children}</div>;
}

type ButtonProps = { children: ReactNode; onClick?: () => void; buttonRef?: RefObject<HTMLButtonElement | null> };

export function PrimaryButton({ children, onClick, buttonRef, submit = !onClick }: ButtonProps & { submit?: boolean }) {
  return (
    <button ref={buttonRef} type={submit ? 'submit' : 'button'} className="authui-button authui-button-primary" onClick={onClick}>
      {children}
    </button>
  );
}

/** The primary button a page without a form focuses on mount (its way on). */
export function FocusedPrimaryButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusOnMount(ref);
  return (
    <PrimaryButton onClick={onClick} buttonRef={ref}>
      {children}
    </PrimaryButton>
  );
}

export function SecondaryButton({ children, onClick, buttonRef }: ButtonProps) {
  return (
    <button ref={buttonRef} type="button" className="authui-button authui-button-secondary" onClick={onClick}>
      {children}
    </button>
  );
}

/** A link-styled action (an in-widget step, not a navigation). */
export function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  const app = useWidget();
  return (
    <button
      type="button"
      className="authui-link"
      onClick={() => {
        if (!app.pending) onClick();
      }}
    >
      {children}
    </button>
  );
}

interface IdpButtonProps {
  /** Classes after `authui-idp-button`. */
  extraClass?: string;
  /** The `data-*` attribute naming what the button picks. */
  data: Record<`data-${string}`, string>;
  button: { longLabel: string; shortLabel: string; color: string; textColor: string };
  icon: ReactNode;
  onSelect: () => void;
}

/** One button of a provider or tenant list, in its own colours and with its icon. */
export function IdpButton({ extraClass, data, button, icon, onSelect }: IdpButtonProps) {
  const app = useWidget();
  return (
    <li className="authui-idp-list-item">
      <button
        type="button"
        className={extraClass ? `authui-idp-button ${extraClass}` : 'authui-idp-button'}
        {...data}
        // The brand colours as custom properties: the theme decides whether the button wears them.
        style={{ '--authui-idp-brand': button.color, '--authui-idp-brand-ink': button.textColor } as CSSProperties}
        aria-label={button.longLabel}
        onClick={() => {
          if (!app.pending) onSelect();
        }}
      >
        <span className="authui-idp-icon-wrapper">{icon}</span>
        <span className="authui-idp-text authui-idp-text-long">{button.longLabel}</span>
        <span className="authui-idp-text authui-idp-text-short" aria-hidden="true">
          {button.shortLabel}
        </span>
      </button>
    </li>
  );
}

function ExternalLink({ target, children }: { target: LinkTarget; children: ReactNode }) {
  if (typeof target === 'function') {
    return (
      <button type="button" className="authui-link" onClick={() => target()}>
        {children}
      </button>
    );
  }
  return (
    <a className="authui-link" href={target} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The ToS/privacy footer (checklist §1): the full sentence or the link pair, and nothing at all
 * unless both URLs are configured.
 */
export function TosFooter({ variant }: { variant: 'full' | 'links' }) {
  const { config } = useWidget();
  if (!hasTosAndPrivacy(config) || !config.tosUrl || !config.privacyPolicyUrl) return null;
  const tos = <ExternalLink target={config.tosUrl}>{strings.termsOfService}</ExternalLink>;
  const privacy = <ExternalLink target={config.privacyPolicyUrl}>{strings.privacyPolicy}</ExternalLink>;
  if (variant === 'full') {
    return (
      <p className="authui-tos authui-tos-full">
        <Message template={strings.fullTos} values={{ tos, privacy }} />
      </p>
    );
  }
  return (
    <ul className="authui-tos authui-tos-links">
      <li>{tos}</li>
      <li>{privacy}</li>
    </ul>
  );
}

export function Spinner({ label = strings.loading }: { label?: string }) {
  return <div className="authui-spinner" role="progressbar" aria-label={label} />;
}

export function ProgressBar() {
  return (
    <div className="authui-progress-bar" role="progressbar" aria-label={strings.loading}>
      <div className="authui-progress-bar-indicator" />
    </div>
  );
}

/**
 * The phone start page's footer (checklist §1.5 #21): phone as the only provider → "By tapping
 * Verify, you are indicating that you accept our [Terms of Service] and [Privacy Policy]. An SMS
 * may be sent…" (without both URLs: only the SMS notice); several providers → the SMS notice and
 * the link pair.
 */
export function PhoneTosFooter({ phoneOnly }: { phoneOnly: boolean }) {
  const { config } = useWidget();
  const both = hasTosAndPrivacy(config) && config.tosUrl && config.privacyPolicyUrl;
  if (phoneOnly && both) {
    const tos = <ExternalLink target={config.tosUrl!}>{strings.termsOfService}</ExternalLink>;
    const privacy = <ExternalLink target={config.privacyPolicyUrl!}>{strings.privacyPolicy}</ExternalLink>;
    return (
      <p className="authui-tos authui-tos-full authui-phone-tos">
        <Message template={strings.phoneFullTos} values={{ tos, privacy }} />
      </p>
    );
  }
  return (
    <>
      <p className="authui-tos authui-sms-notice">{strings.smsNotice}</p>
      {!phoneOnly && <TosFooter variant="links" />}
    </>
  );
}
