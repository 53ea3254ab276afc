import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { applyEmailVerification, confirmPasswordReset } from '../api/account-actions';
import { ACTION_STRINGS as S } from './strings';

function Card({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-4 py-10">
      <a href="/" className="mb-8 self-center">
        <img src="/brand/logo.svg" alt="TrailBuddy" width={160} height={32} />
      </a>
      <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200" aria-labelledby="action-title">
        <h1 id="action-title" className="text-xl font-semibold text-stone-900">
          {title}
        </h1>
        <div className="mt-3 space-y-4 text-stone-700">{children}</div>
      </section>
    </main>
  );
}

/** "Continue" only when the link carried a same-origin `continueUrl` (checklist §5.12). */
function ContinueLink({ continueUrl }: { continueUrl: string | null }) {
  if (!continueUrl) return null;
  const url = new URL(continueUrl, window.location.origin);
  if (url.origin !== window.location.origin) return null;
  return (
    <a className={buttonClasses('primary', 'w-full')} href={url.pathname + url.search + url.hash}>
      {S.continue}
    </a>
  );
}

function VerifyEmail({ oobCode, continueUrl }: { oobCode: string; continueUrl: string | null }) {
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const started = useRef(false);
  useEffect(() => {
    // The code is single-use: StrictMode's second effect run must not spend it twice.
    if (started.current) return;
    started.current = true;
    applyEmailVerification(oobCode).then(
      () => setState('done'),
      () => setState('failed'),
    );
  }, [oobCode]);
  if (state === 'working') return <Card title={S.working} />;
  if (state === 'failed')
    return (
      <Card title={S.verifyFailedTitle}>
        <p>{S.verifyFailedBody}</p>
      </Card>
    );
  return (
    <Card title={S.verifiedTitle}>
      <p>{S.verifiedBody}</p>
      <ContinueLink continueUrl={continueUrl} />
    </Card>
  );
}

function ResetPassword({ oobCode, continueUrl }: { oobCode: string; continueUrl: string | null }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'form' | 'saving' | 'done' | 'failed'>('form');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setError(S.passwordRequired);
    setState('saving');
    try {
      await confirmPasswordReset(oobCode, password);
      setState('done');
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'PASSWORD_TOO_SHORT') {
        setError(S.weakPassword);
        setState('form');
      } else setState('failed');
    }
  }

  if (state === 'done') {
    return (
      <Card title={S.resetDoneTitle}>
        <p>{S.resetDoneBody}</p>
        <ContinueLink continueUrl={continueUrl} />
      </Card>
    );
  }
  if (state === 'failed')
    return (
      <Card title={S.resetFailedTitle}>
        <p>{S.resetFailedBody}</p>
      </Card>
    );
  return (
    <Card title={S.resetTitle}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={S.newPassword}
          type="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" className="w-full" disabled={state === 'saving'}>
          {S.save}
        </Button>
      </form>
    </Card>
  );
}

/**
 * The /auth page for the links in account mails (`mode`, `oobCode`, `continueUrl`): e-mail
 * verification and password reset. The full sign-in widget mounts here as it grows.
 */
export function AccountActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  const continueUrl = params.get('continueUrl');
  if (oobCode && mode === 'verifyEmail') return <VerifyEmail oobCode={oobCode} continueUrl={continueUrl} />;
  if (oobCode && mode === 'resetPassword') return <ResetPassword oobCode={oobCode} continueUrl={continueUrl} />;
  return (
    <Card title={S.somethingWrong}>
      <p>{S.invalidCode}</p>
      <Link to="/" className={buttonClasses('secondary', 'w-full')}>
        TrailBuddy home
      </Link>
    </Card>
  );
}
