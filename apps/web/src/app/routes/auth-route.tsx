import SignInPage from '../../features/sign-in/components/SignInPage';

/**
 * /auth: the sign-in widget (ADR 0010), which also handles the links in account e-mails
 * (`?mode=verifyEmail|resetPassword|…`). Default export for React.lazy.
 */
export default function AuthRoute() {
  return <SignInPage />;
}
