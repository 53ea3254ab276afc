import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import type { CaptchaController, CaptchaState } from '../captcha/controller';
import { strings } from '../strings';
import { useWidgetState } from '../widget/context';

function statusText(state: CaptchaState): string {
  switch (state.status) {
    case 'solving':
      return strings.captchaSolving;
    case 'solved':
      return strings.captchaSolved;
    case 'error':
      return strings.captchaFailed;
    default:
      return '';
  }
}

/**
 * The captcha of the phone start page: ALTCHA's "I'm not a robot" checkbox (ticking it solves the
 * proof of work), or the container reCAPTCHA renders into (nothing visible when invisible). Its
 * inline error ("Solve the reCAPTCHA") shows underneath.
 */
export function CaptchaWidget({ controller }: { controller: CaptchaController }) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const { fieldErrors } = useWidgetState();
  const error = fieldErrors.captcha;
  const id = useId();
  const recaptchaRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (recaptchaRef.current) controller.mount(recaptchaRef.current);
  }, [controller]);

  return (
    <div
      className={`authui-field authui-captcha${error ? ' authui-field-invalid' : ''}`}
      data-captcha-provider={state.provider ?? 'loading'}
    >
      {state.provider === null && <div className="authui-spinner authui-captcha-loading" role="progressbar" aria-label={strings.loading} />}
      {state.provider === 'altcha' && (
        <div className={`authui-altcha authui-altcha-${state.status}`}>
          <input
            id={id}
            type="checkbox"
            className="authui-altcha-checkbox"
            checked={state.status === 'solved'}
            disabled={state.status === 'solving'}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-status ${id}-error`}
            onChange={() => void controller.solve()}
          />
          <label htmlFor={id} className="authui-altcha-label">
            {strings.captchaCheckbox}
          </label>
          {state.status === 'solving' && <span className="authui-spinner authui-altcha-spinner" aria-hidden="true" />}
          <span id={`${id}-status`} className="authui-altcha-status" aria-live="polite">
            {statusText(state)}
          </span>
        </div>
      )}
      <div ref={recaptchaRef} className="authui-recaptcha" hidden={state.provider !== 'recaptcha'} />
      <p className="authui-error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}
