import { EMERGENCY_CONTACT_NAME_MAX } from '@trailbuddy/shared/contracts/trip';
import { LifeBuoy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useEmergencyContact, useRemoveEmergencyContact, useSaveEmergencyContact } from '../api/trip';

/**
 * The emergency contact in my profile (ADR 0033): optional; the contact confirms by a link we
 * mail them, and receives nothing else until they do.
 */
export default function EmergencyContactSection() {
  const current = useEmergencyContact();
  const save = useSaveEmergencyContact();
  const remove = useRemoveEmergencyContact();
  const contact = current.data?.contact ?? null;
  const [editing, setEditing] = useState(false);
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    save.mutate({ name: String(data.get('name') ?? ''), email: String(data.get('email') ?? '') }, { onSuccess: () => setEditing(false) });
  }

  return (
    <section
      aria-labelledby="emergency-contact-heading"
      className="space-y-3 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70"
    >
      <h2 id="emergency-contact-heading" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        <LifeBuoy className="size-4" aria-hidden="true" />
        Emergency contact
      </h2>
      <p className="text-sm text-stone-600">
        Someone we can send your hike plan to, and alert if you do not check out after a hike. Only you see it here.
      </p>
      {contact && !editing ? (
        <div className="space-y-2">
          <p className="text-sm text-stone-800">
            {contact.name} · {contact.email}
          </p>
          <p className="text-sm text-stone-600" role="status">
            {contact.confirmed
              ? 'Confirmed: they agreed to be your contact.'
              : `Waiting for ${contact.name} to confirm by the link we e-mailed them.`}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Change contact
            </Button>
            <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Remove contact
            </Button>
          </div>
        </div>
      ) : (
        <form className="space-y-2" onSubmit={submit} noValidate>
          <InputField
            label="Contact's name"
            name="name"
            defaultValue={contact?.name}
            maxLength={EMERGENCY_CONTACT_NAME_MAX}
            error={fields.name}
          />
          <InputField label="Contact's e-mail" name="email" type="email" defaultValue={contact?.email} error={fields.email} />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save and send the confirmation link'}
          </Button>
        </form>
      )}
      {(save.error || remove.error) && !Object.keys(fields).length && (
        <Alert tone="error">{errorMessage(save.error ?? remove.error)}</Alert>
      )}
    </section>
  );
}
