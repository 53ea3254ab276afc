import { useRef, useState } from 'react';
import type { SecondFactorChoice } from '../errors';
import { format, strings } from '../strings';
import { Actions, Form, LinkButton, PageHeader, PrimaryButton, SecondaryButton, Text, useFocusOnMount } from '../ui/elements';
import { CODE_PATTERN, CodeField } from './phone';
import { useWidget } from '../widget/context';
import type { PageRegistry } from '../widget/page-types';

const named = (factor: SecondFactorChoice) => (factor.displayName ? ` “${factor.displayName}”` : '');

export const factorLabel = (factor: SecondFactorChoice) =>
  factor.factorId === 'phone'
    ? format(strings.mfaPhoneFactor, { phoneNumber: factor.phoneNumber ?? '' })
    : format(strings.mfaTotpFactor, { name: named(factor) });

/**
 * `multiFactorSignIn`: the account has second factors, so the sign-in needs the 6-digit code of
 * one of them (an authenticator app's, or the one texted to a phone factor). The other factors
 * are offered as links; Cancel goes back to the start page.
 */
export function MultiFactorSignInPage(props: PageRegistry['multiFactorSignIn']) {
  const { factor, otherFactors, onSelect, onSubmit, onCancel } = props;
  const app = useWidget();
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  useFocusOnMount(codeRef);

  const submit = () => {
    const trimmed = code.trim();
    if (!CODE_PATTERN.test(trimmed)) app.setFieldErrors({ code: strings.wrongCode }, 'code');
    else onSubmit(trimmed);
  };

  return (
    <div className="authui-mfa-sign-in">
      <Form onSubmit={submit}>
        <PageHeader title={strings.mfaTitle} />
        <Text>
          {factor.factorId === 'phone'
            ? format(strings.mfaPhoneBody, { phoneNumber: factor.phoneNumber ?? '' })
            : format(strings.mfaTotpBody, { name: named(factor) })}
        </Text>
        <CodeField code={code} onChange={setCode} codeRef={codeRef} />
        <Actions>
          <SecondaryButton onClick={onCancel}>{strings.cancel}</SecondaryButton>
          <PrimaryButton>{strings.verify}</PrimaryButton>
        </Actions>
      </Form>
      {otherFactors.length > 0 && (
        <div className="authui-mfa-other-factors">
          <p>{strings.mfaOtherFactors}</p>
          {otherFactors.map((other) => (
            <LinkButton key={other.uid} onClick={() => onSelect(other)}>
              {factorLabel(other)}
            </LinkButton>
          ))}
        </div>
      )}
    </div>
  );
}
