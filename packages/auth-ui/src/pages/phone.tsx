import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type RefObject } from 'react';
import { callingCodePrefix, countryForCallingCode, getAllCountries, type Country } from '../countries';
import { format, formatCountdown, strings } from '../strings';
import { CaptchaWidget } from '../ui/captcha';
import { CountryButton, CountryPicker } from '../ui/country-picker';
import {
  Actions,
  Form,
  LinkButton,
  Message,
  PageHeader,
  PhoneTosFooter,
  PrimaryButton,
  SecondaryButton,
  Text,
  TextField,
  useFocusOnMount,
} from '../ui/elements';
import { useWidget, useWidgetState } from '../widget/context';
import type { PageRegistry } from '../widget/page-types';

/** Separators people type inside a number; anything else is left for the server to judge. */
const SEPARATORS = /[\s().-]/g;

/**
 * `phoneSignInStart` (checklist §1.5 #21, §5.6): the country selector (flag and "‎+cc"; typing
 * "+cc" switches it), the number (`type=tel`, focused, caret at the end), the captcha, Verify and
 * (unless phone is the only provider) Cancel.
 */
export function PhoneSignInStartPage(props: PageRegistry['phoneSignInStart']) {
  const { countries, initialCountry, showCancel, phoneOnly, captcha, onSubmit, onCancel } = props;
  const app = useWidget();
  const { fieldErrors, focus } = useWidgetState();
  const captchaState = useSyncExternalStore(captcha.subscribe, captcha.getState, captcha.getState);
  const [country, setCountry] = useState<Country>(initialCountry);
  const [value, setValue] = useState(props.nationalNumber ?? '');
  const [picking, setPicking] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const error = fieldErrors.phoneNumber;
  useFocusOnMount(inputRef);

  useEffect(() => {
    if (focus?.field === 'phoneNumber') inputRef.current?.focus();
  }, [focus]);

  const onType = (next: string) => {
    app.clearFieldError('phoneNumber');
    setValue(next);
    const cc = callingCodePrefix(next, getAllCountries());
    if (cc && cc !== country.e164_cc) {
      const match = countryForCallingCode(cc, countries, country);
      if (match) setCountry(match);
    }
  };

  const choose = (next: Country) => {
    setPicking(false);
    const typed = value.trim();
    const cc = callingCodePrefix(typed, getAllCountries());
    if (cc && cc !== next.e164_cc) setValue(`+${next.e164_cc}${typed.slice(cc.length + 1)}`);
    setCountry(next);
    inputRef.current?.focus();
  };

  const submit = () => {
    const typed = value.trim();
    let selected = country;
    let national = typed;
    if (typed.startsWith('+')) {
      const cc = callingCodePrefix(typed, getAllCountries());
      const available = cc ? countryForCallingCode(cc, countries, country) : undefined;
      if (!cc || !available) {
        setValue('');
        app.setFieldErrors({ phoneNumber: strings.unsupportedCountryCode }, 'phoneNumber');
        return;
      }
      if (available !== country) {
        selected = available;
        setCountry(available);
      }
      national = typed.slice(cc.length + 1);
    }
    national = national.replace(SEPARATORS, '');
    if (!national) {
      app.setFieldErrors({ phoneNumber: strings.invalidPhoneNumber }, 'phoneNumber');
      return;
    }
    onSubmit({ country: selected, nationalNumber: national });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Invisible reCAPTCHA: Enter moves to Verify, whose click runs the challenge.
    if (event.key === 'Enter' && captchaState.invisible) {
      event.preventDefault();
      submitRef.current?.focus();
    }
  };

  return (
    <Form onSubmit={submit}>
      <PageHeader title={strings.phoneStartTitle} />
      <div className={`authui-field authui-phone-field${error ? ' authui-field-invalid' : ''}`}>
        <label className="authui-label" htmlFor={id}>
          {strings.phoneNumberLabel}
        </label>
        <div className="authui-input-row authui-phone-row">
          <CountryButton country={country} onOpen={() => setPicking(true)} />
          <input
            ref={inputRef}
            id={id}
            name="phoneNumber"
            className="authui-input"
            type="tel"
            autoComplete="tel-national"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onType(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <p className="authui-error" id={`${id}-error`} role={error ? 'alert' : undefined}>
          {error ?? ''}
        </p>
      </div>
      <CaptchaWidget controller={captcha} />
      <Actions>
        {showCancel && onCancel && <SecondaryButton onClick={onCancel}>{strings.cancel}</SecondaryButton>}
        <PrimaryButton buttonRef={submitRef}>{strings.verify}</PrimaryButton>
      </Actions>
      <PhoneTosFooter phoneOnly={phoneOnly} />
      {picking && <CountryPicker countries={countries} selected={country} onSelect={choose} onClose={() => setPicking(false)} />}
    </Form>
  );
}

/** `^\d{6}$` after trimming, else "Wrong code. Try again." (checklist §4). */
export const CODE_PATTERN = /^\d{6}$/;

/** The 6-digit code field of the phone and second-factor pages (the browser may fill it from an SMS). */
export function CodeField({
  code,
  onChange,
  codeRef,
}: {
  code: string;
  onChange: (code: string) => void;
  codeRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <TextField
      name="code"
      label={strings.codeLabel}
      type="number"
      autoComplete="one-time-code"
      value={code}
      onChange={onChange}
      inputRef={codeRef}
    />
  );
}

/**
 * `phoneSignInFinish` (checklist §1.5 #22): the 6-digit code; the number links back to the start
 * page; "Resend code in 0:15" counts down every second below the form, then "Resend" appears.
 */
export function PhoneSignInFinishPage(props: PageRegistry['phoneSignInFinish']) {
  const { phoneNumber, resendDelaySeconds, onChangeNumber, onSubmit, onCancel, onResend } = props;
  const app = useWidget();
  const [code, setCode] = useState('');
  const [remaining, setRemaining] = useState(Math.max(0, resendDelaySeconds));
  const codeRef = useRef<HTMLInputElement>(null);
  useFocusOnMount(codeRef);

  useEffect(() => {
    const timer = setInterval(() => {
      setRemaining((seconds) => {
        if (seconds <= 1) clearInterval(timer);
        return Math.max(0, seconds - 1);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  const submit = () => {
    const trimmed = code.trim();
    if (!CODE_PATTERN.test(trimmed)) app.setFieldErrors({ code: strings.wrongCode }, 'code');
    else onSubmit(trimmed);
  };

  return (
    <div className="authui-phone-finish">
      <Form onSubmit={submit}>
        <PageHeader title={strings.phoneFinishTitle} />
        <Text>
          <Message
            template={strings.phoneFinishBody}
            values={{ phoneNumber: <LinkButton onClick={onChangeNumber}>{phoneNumber}</LinkButton> }}
          />
        </Text>
        <CodeField code={code} onChange={setCode} codeRef={codeRef} />
        <Actions>
          <SecondaryButton onClick={onCancel}>{strings.cancel}</SecondaryButton>
          <PrimaryButton>{strings.continue}</PrimaryButton>
        </Actions>
      </Form>
      <div className="authui-resend">
        {remaining > 0 ? (
          <p className="authui-resend-countdown" aria-live="off">
            {format(strings.resendCodeIn, { time: formatCountdown(remaining) })}
          </p>
        ) : (
          <LinkButton onClick={onResend}>{strings.resend}</LinkButton>
        )}
      </div>
    </div>
  );
}
