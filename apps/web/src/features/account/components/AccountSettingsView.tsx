import { Download, KeyRound, LogOut, Mail, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  changeEmailFormSchema,
  changePasswordSchema,
  confirmsDeletion,
  DELETE_ACCOUNT_WORD,
  deleteAccountSchema,
  ACCOUNT_SETTINGS_MESSAGES,
} from '@trailbuddy/shared/contracts/account';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { useNavigation } from '../../../lib/navigation';
import { useMe } from '../../../lib/queries/me';
import { errorMessage } from '../../../lib/error-message';
import { useChangeEmail, useChangePassword, useDeleteAccount, useDownloadMyData, useSignOutEverywhere } from '../api/account';

type Fields = Record<string, string>;

const fieldErrorsOf = (error: unknown): Fields => (error instanceof ApiError ? (error.fields ?? {}) : {});

/** The form's values checked by the shared schema: the values, or each field's first message. */
function check<S extends z.ZodType>(schema: S, values: unknown): { data: z.infer<S> } | { fields: Fields } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const fields: Fields = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return { fields };
}

function Card({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
      <h2 id={id} className="flex items-center gap-2 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function ChangePassword() {
  const change = useChangePassword();
  const [fields, setFields] = useState<Fields>({});
  const [done, setDone] = useState(false);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = check(changePasswordSchema, { currentPassword: form.get('currentPassword'), newPassword: form.get('newPassword') });
    setDone(false);
    if ('fields' in result) return setFields(result.fields);
    setFields({});
    const target = event.currentTarget;
    change.mutate(result.data, { onSuccess: () => (setDone(true), target.reset()) });
  }
  const errors = { ...fieldErrorsOf(change.error), ...fields };
  return (
    <Card id="password-heading" title="Password" icon={<KeyRound className="size-4" aria-hidden="true" />}>
      <form noValidate onSubmit={submit} className="space-y-3">
        <InputField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <InputField label="New password" name="newPassword" type="password" autoComplete="new-password" error={errors.newPassword} />
        <Button type="submit" disabled={change.isPending}>
          Change password
        </Button>
        {change.error && !errors.currentPassword && !errors.newPassword && <Alert tone="error">{errorMessage(change.error)}</Alert>}
        {done && <Alert tone="success">Your password is changed. Your other devices are signed out.</Alert>}
      </form>
    </Card>
  );
}

function ChangeEmail({ current }: { current: string }) {
  const change = useChangeEmail();
  const [fields, setFields] = useState<Fields>({});
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = check(changeEmailFormSchema, { newEmail: form.get('newEmail'), password: form.get('password') || undefined });
    if ('fields' in result) return setFields(result.fields);
    setFields({});
    change.mutate(result.data);
  }
  const errors = { ...fieldErrorsOf(change.error), ...fields };
  return (
    <Card id="email-heading" title="E-mail" icon={<Mail className="size-4" aria-hidden="true" />}>
      <p className="text-sm text-stone-600">
        Your address is <strong className="break-all">{current}</strong>. We send a link to the new address; it changes when you open it.
      </p>
      <form noValidate onSubmit={submit} className="space-y-3">
        <InputField label="New e-mail" name="newEmail" type="email" autoComplete="email" error={errors.newEmail} />
        <InputField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          hint="Needed unless you signed in within the last few minutes."
          error={errors.password}
        />
        <Button type="submit" disabled={change.isPending}>
          Send the link
        </Button>
        {change.error && !errors.newEmail && !errors.password && <Alert tone="error">{errorMessage(change.error)}</Alert>}
        {change.data && <Alert tone="success">We sent a link to {change.data.newEmail}. Open it to finish the change.</Alert>}
      </form>
    </Card>
  );
}

function SignOutEverywhere() {
  const { navigate } = useNavigation();
  const signOut = useSignOutEverywhere(() => navigate({ name: 'home' }, { replace: true }));
  return (
    <Card id="sessions-heading" title="Devices" icon={<LogOut className="size-4" aria-hidden="true" />}>
      <p className="text-sm text-stone-600">Signs you out on every phone, tablet and computer, this one too.</p>
      <Button variant="secondary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        Sign out of every device
      </Button>
      {signOut.error && <Alert tone="error">{errorMessage(signOut.error)}</Alert>}
    </Card>
  );
}

function DownloadMyData() {
  const download = useDownloadMyData();
  return (
    <Card id="data-heading" title="Your data" icon={<Download className="size-4" aria-hidden="true" />}>
      <p className="text-sm text-stone-600">
        One JSON file with your profile, hikes, messages, feedback you gave, notifications and settings. Your buddies appear by first name
        only.
      </p>
      <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
        Download my data
      </Button>
      {download.error && <Alert tone="error">{errorMessage(download.error)}</Alert>}
    </Card>
  );
}

function DeleteAccount({ email }: { email: string }) {
  const { navigate } = useNavigation();
  // A page that says the account is gone (issue 23), not Home as if nothing had happened.
  const remove = useDeleteAccount(() => navigate({ name: 'account-deleted' }, { replace: true }));
  const [fields, setFields] = useState<Fields>({});
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = check(deleteAccountSchema, { confirmation: form.get('confirmation'), password: form.get('password') || undefined });
    if ('fields' in result) return setFields(result.fields);
    if (!confirmsDeletion(result.data.confirmation, email)) return setFields({ confirmation: ACCOUNT_SETTINGS_MESSAGES.confirmationWrong });
    setFields({});
    remove.mutate(result.data);
  }
  const errors = { ...fieldErrorsOf(remove.error), ...fields };
  return (
    <Card id="delete-heading" title="Delete my account" icon={<Trash2 className="size-4" aria-hidden="true" />}>
      <p className="text-sm text-stone-600">
        Your profile, photos, messages and contact details are erased and you are signed out everywhere. Hikes you planned are cancelled and
        your buddies are told. Past hikes stay for your buddies, shown as a former member. This cannot be undone.
      </p>
      <form noValidate onSubmit={submit} className="space-y-3">
        <InputField
          label={`Type your e-mail or ${DELETE_ACCOUNT_WORD} to confirm`}
          name="confirmation"
          autoComplete="off"
          error={errors.confirmation}
        />
        <InputField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          hint="Accounts without a password need a recent sign-in instead."
          error={errors.password}
        />
        <Button type="submit" className="bg-red-700 hover:bg-red-800" disabled={remove.isPending}>
          Delete my account
        </Button>
        {remove.error && !errors.confirmation && !errors.password && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      </form>
    </Card>
  );
}

/** /me/account (ADR 0034): every control over the account and its data in one place. */
export default function AccountSettingsView() {
  const me = useMe();
  if (!me.data) return null;
  const { user } = me.data;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-stone-900">Account settings</h1>
      {!user.isAnonymous && user.email && <ChangePassword />}
      {!user.isAnonymous && user.email && <ChangeEmail current={user.email} />}
      <SignOutEverywhere />
      <DownloadMyData />
      <DeleteAccount email={user.email} />
    </div>
  );
}
