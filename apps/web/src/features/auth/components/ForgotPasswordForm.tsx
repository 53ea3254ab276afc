import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { RESET_EMAIL_REQUIRED, RESET_SENT, useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const reset = useRequestPasswordReset();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    setMissing(!trimmed);
    if (trimmed) reset.mutate(trimmed);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Email" type="email" autoComplete="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
      {missing ? (
        <Alert tone="error">{RESET_EMAIL_REQUIRED}</Alert>
      ) : reset.isError ? (
        <Alert tone="error">{reset.error.message}</Alert>
      ) : reset.isSuccess ? (
        <Alert tone="success">{RESET_SENT}</Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm">
        <button type="button" onClick={onBack} className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </button>
      </p>
    </form>
  );
}
