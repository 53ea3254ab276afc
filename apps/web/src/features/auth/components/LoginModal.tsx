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
  /** Closed without signing in: its close button, Escape, the backdrop or Back. */
  onClose: () => void;
  /** Signed in or up from the dialog; without it, `onClose`. */
  onSignedIn?: () => void;
  /** Where the sign-in widget's page comes back to once signed in there; unset, its default (Home). */
  returnTo?: string;
}

/** The sign-in widget's page with every way in; it comes back to `returnTo` once signed in. */
const widgetHref = (returnTo: string | undefined) =>
  returnTo ? `/auth?mode=select&signInSuccessUrl=${encodeURIComponent(returnTo)}` : '/auth?mode=select';

/** Sign in, sign up and forgot password in one dialog; the default export is for React.lazy. */
export default function LoginModal({ initialMode = 'signIn', onClose, onSignedIn = onClose, returnTo }: LoginModalProps) {
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const { title, description } = HEADINGS[mode];

  return (
    <Dialog title={title} description={description} onClose={onClose} historyEntry="login">
      {mode === 'signIn' && (
        <SignInForm onSignedIn={onSignedIn} onForgotPassword={() => setMode('forgotPassword')} onSignUp={() => setMode('signUp')} />
      )}
      {mode === 'signUp' && <SignUpForm onSignedUp={onSignedIn} onSignIn={() => setMode('signIn')} />}
      {mode === 'forgotPassword' && <ForgotPasswordForm onBack={() => setMode('signIn')} />}
      {mode !== 'forgotPassword' && (
        // The sign-in widget's page (phone, guest, e-mail link, federated): a page load, so it loads only then.
        <p className="mt-4 border-t border-stone-200 pt-4 text-center text-sm">
          <a href={widgetHref(returnTo)} className="font-semibold text-brand-700 hover:underline">
            More sign-in options
          </a>
        </p>
      )}
    </Dialog>
  );
}
