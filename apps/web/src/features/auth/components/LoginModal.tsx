import { useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import type { LoginMode } from './login-mode';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

const HEADINGS: Record<LoginMode, { title: string; description: string }> = {
  signIn: { title: 'Sign In', description: 'Welcome back! Sign in to find a buddy for your next trail.' },
  signUp: { title: 'Create your account', description: 'Join TrailBuddy and get paired for weekend trails.' },
  forgotPassword: { title: 'Reset your password', description: 'We’ll e-mail you a link to choose a new one.' },
};

export interface LoginModalProps {
  initialMode?: LoginMode;
  onClose: () => void;
}

/** Sign in, sign up and forgot password in one dialog; the default export is for React.lazy. */
export default function LoginModal({ initialMode = 'signIn', onClose }: LoginModalProps) {
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const { title, description } = HEADINGS[mode];

  return (
    <Dialog title={title} description={description} onClose={onClose} historyEntry="login">
      {mode === 'signIn' && (
        <SignInForm onSignedIn={onClose} onForgotPassword={() => setMode('forgotPassword')} onSignUp={() => setMode('signUp')} />
      )}
      {mode === 'signUp' && <SignUpForm onSignedUp={onClose} onSignIn={() => setMode('signIn')} />}
      {mode === 'forgotPassword' && <ForgotPasswordForm onBack={() => setMode('signIn')} />}
      {mode !== 'forgotPassword' && (
        // The sign-in widget's page (phone, guest, e-mail link, federated): a page load, so it loads only then.
        <p className="mt-4 border-t border-stone-200 pt-4 text-center text-sm">
          <a href="/auth?mode=select" className="font-semibold text-brand-700 hover:underline">
            More sign-in options
          </a>
        </p>
      )}
    </Dialog>
  );
}
