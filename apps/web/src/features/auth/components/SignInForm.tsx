import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { useSignIn } from '../api/sign-in';

export interface SignInFormProps {
  onSignedIn: () => void;
  onForgotPassword: () => void;
  onSignUp: () => void;
}

export function SignInForm({ onSignedIn, onForgotPassword, onSignUp }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const signIn = useSignIn({ onSuccess: onSignedIn });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    setMissing(!trimmed || !password);
    if (!trimmed || !password) return;
    signIn.mutate({ email: trimmed, password });
  }

  const error = missing ? 'Please fill in all required fields.' : signIn.error?.message;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Email" type="email" autoComplete="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
      <div>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="button" onClick={onForgotPassword} className="mt-2 text-sm font-medium text-brand-700 hover:underline">
          Forgot password?
        </button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-stone-600">
        New to TrailBuddy?{' '}
        <button type="button" onClick={onSignUp} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </button>
      </p>
    </form>
  );
}
