import { PASSWORD_MIN } from '@trailbuddy/shared/contracts/enums';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { PASSWORDS_DO_NOT_MATCH, useSignUp, type SignUpInput } from '../api/sign-up';

export interface SignUpFormProps {
  onSignedUp: () => void;
  onSignIn: () => void;
}

const EMPTY: SignUpInput = { name: '', email: '', password: '', confirmPassword: '' };

/** The first problem with the form, checked before anything is sent. */
function validate({ name, email, password, confirmPassword }: SignUpInput): string | null {
  if (!name.trim() || !email.trim() || !password) return 'Please fill in all required fields.';
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  return null;
}

export function SignUpForm({ onSignedUp, onSignIn }: SignUpFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [invalid, setInvalid] = useState<string | null>(null);
  const signUp = useSignUp({ onSuccess: onSignedUp });

  const field = (key: keyof SignUpInput) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validate(values);
    setInvalid(problem);
    if (problem) return;
    signUp.mutate({ ...values, name: values.name.trim(), email: values.email.trim() });
  }

  const error = invalid ?? signUp.error?.message;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Name" autoComplete="name" autoFocus {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating your account…' : 'Sign Up'}
      </Button>
      <p className="text-center text-sm text-stone-600">
        Already have an account?{' '}
        <button type="button" onClick={onSignIn} className="font-semibold text-brand-700 hover:underline">
          Sign in
        </button>
      </p>
    </form>
  );
}
