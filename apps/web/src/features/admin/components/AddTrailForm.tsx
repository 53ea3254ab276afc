import { formatDateTime } from '@trailbuddy/shared/domain/date-format';
import { Plus, Save } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ChoiceField, InputField, TextAreaField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDateFormat } from '../../../lib/server-render';
import {
  TRAIL_DESCRIPTION_MAX,
  TRAIL_HOURS_MAX,
  TRAIL_NAME_MAX,
  type CreateTrailInput,
  type Trail,
} from '@trailbuddy/shared/contracts/trail';
import { ACTIVITY_LABELS, WEEKEND_DAY_LABELS } from '@trailbuddy/shared/contracts/labels';
import { useCreateTrail } from '../api/create-trail';
import { useUpdateTrail } from '../api/update-trail';
import { useTrailImageUpload } from '../api/use-trail-image-upload';
import {
  ACTIVITY_OPTIONS,
  CHECK_FIELDS_ALERT,
  DIFFICULTY_OPTIONS,
  EMPTY_TRAIL_FORM,
  FIELD_ORDER,
  refusalAlert,
  serverFieldErrors,
  trailFormResolver,
  trailFormValuesOf,
  type TrailFormErrors,
  type TrailFormField,
  type TrailFormValues,
} from '../utils/trail-form';
import { ImageUploadField } from './ImageUploadField';
import { StartTimesField } from './StartTimesField';

const DIFFICULTY_CHOICES = DIFFICULTY_OPTIONS.map((value) => ({ value, label: value }));
const ACTIVITY_CHOICES = ACTIVITY_OPTIONS.map((value) => ({ value, label: ACTIVITY_LABELS[value] }));
const DAY_CHOICES = (['saturday', 'sunday'] as const).map((value) => ({ value, label: WEEKEND_DAY_LABELS[value] }));

type Notice = { tone: 'error' | 'success'; message: string };

export interface AddTrailFormProps {
  /** A listed trail to edit (issue 23) instead of adding one; mount with its id as the key. */
  editing?: Trail | null;
  /** The edit was saved or cancelled: the form goes back to adding. */
  onEditDone?: (saved: Trail | null) => void;
}

/**
 * product §5 "Adding a trail": the administrators' form, with the trail and map image uploads. With
 * `editing`, the same form edits a listed trail: every field but the day (people are booked on
 * its sessions); an image left alone stays.
 */
export function AddTrailForm({ editing = null, onEditDone }: AddTrailFormProps) {
  const { timeZone } = useDateFormat();
  // On react-hook-form with the shared schema as its resolver (ADR 0072): each field's message
  // under it. After a refused submit a field is checked again as it changes, so its message goes
  // once it is right. Focus is the form's own (FIELD_ORDER), which reaches the radio groups and
  // time boxes too.
  const form = useForm<TrailFormValues, unknown, CreateTrailInput>({
    defaultValues: editing ? trailFormValuesOf(editing, timeZone) : EMPTY_TRAIL_FORM,
    resolver: trailFormResolver,
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    watch,
    formState: { errors },
  } = form;
  // The uploads' own problems: they are the upload's state, not a value the form holds.
  const [uploadErrors, setUploadErrors] = useState<Pick<TrailFormErrors, 'image' | 'map'>>({});
  // The alert of a refusal, shown while a field is flagged; the notice of a success, or of a
  // failure that names no field.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const image = useTrailImageUpload('image');
  const map = useTrailImageUpload('map');
  const createTrail = useCreateTrail();
  const updateTrail = useUpdateTrail();
  const saving = editing ? updateTrail : createTrail;
  const formRef = useRef<HTMLFormElement>(null);

  const uploading = image.state.status === 'uploading' || map.state.status === 'uploading';
  const flagged = Object.keys(errors).length > 0 || Object.keys(uploadErrors).length > 0;

  // A success message goes once the next trail is begun (a change someone makes, not the reset).
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name) setNotice((current) => (current?.tone === 'success' ? null : current));
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  function focusFirstError(found: Partial<Record<TrailFormField, unknown>>) {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    const element = formRef.current?.elements.namedItem(first);
    if (element instanceof RadioNodeList) (element[0] as HTMLElement | undefined)?.focus();
    else if (element instanceof HTMLElement) element.focus();
  }

  function refuse(found: Partial<Record<TrailFormField, unknown>>, alert: string) {
    setRefusal(alert);
    focusFirstError(found);
  }

  function send(checked: CreateTrailInput) {
    const body = {
      ...checked,
      ...(image.state.key ? { image: image.state.key } : {}),
      ...(map.state.key ? { map: map.state.key } : {}),
    };
    // A 400's field errors go under their fields, in the server's words; anything else is the notice.
    const onError = (error: Error) => {
      const fieldErrors = error instanceof ApiError ? serverFieldErrors(error.fields) : {};
      const named = Object.entries(fieldErrors) as [TrailFormField, string][];
      if (named.length === 0) return setNotice({ tone: 'error', message: errorMessage(error) });
      for (const [name, message] of named) {
        if (name === 'image' || name === 'map') setUploadErrors((current) => ({ ...current, [name]: message }));
        else setError(name, { type: 'server', message });
      }
      refuse(fieldErrors, errorMessage(error, Object.keys(fieldErrors)));
    };
    if (editing) {
      const { weekendDay: _day, ...changes } = body;
      updateTrail.mutate({ id: editing.id, body: changes }, { onSuccess: (trail) => onEditDone?.(trail), onError });
      return;
    }
    createTrail.mutate(body, {
      onSuccess: (trail) => {
        reset(EMPTY_TRAIL_FORM);
        image.clear();
        map.clear();
        setNotice({ tone: 'success', message: `${trail.name} was added for ${formatDateTime(trail.startTime)}.` });
      },
      onError,
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (saving.isPending || uploading) return event.preventDefault();
    const uploads: Pick<TrailFormErrors, 'image' | 'map'> = {};
    if (image.state.status === 'error') uploads.image = 'Upload the trail image again, or remove it.';
    if (map.state.status === 'error') uploads.map = 'Upload the map image again, or remove it.';
    setUploadErrors(uploads);
    setNotice(null);
    void handleSubmit(
      (checked) => (Object.keys(uploads).length > 0 ? refuse(uploads, CHECK_FIELDS_ALERT) : send(checked)),
      (found) => refuse({ ...found, ...uploads }, refusalAlert(getValues())),
    )(event);
  }

  const trailName = watch('name');

  /** A pill-shaped single choice, its value held by the form. */
  const choice = (
    name: 'difficulty' | 'activity' | 'weekendDay',
    props: { label: string; options: readonly { value: string; label: string }[]; required?: boolean; className?: string },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ChoiceField<string> {...props} name={field.name} value={field.value} error={fieldState.error?.message} onChange={field.onChange} />
      )}
    />
  );

  const text = (field: Exclude<keyof TrailFormValues, 'difficulty' | 'activity' | 'weekendDay' | 'startTimes'>) => ({
    ...register(field),
    error: errors[field]?.message,
  });

  return (
    <section
      id="add-trail"
      aria-labelledby="add-trail-heading"
      className="scroll-mt-20 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="add-trail-heading" className="text-xl font-semibold tracking-tight text-stone-900">
        {editing ? `Edit ${editing.name}` : 'Add a trail'}
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        {editing
          ? `Its session stays on ${formatDateTime(editing.startTime)}'s day, and hikes already made keep their times. An image you leave alone stays.`
          : 'It is scheduled for the coming Saturday or Sunday at its start times and appears on the home page at once.'}{' '}
        Fields marked <span className="text-red-700">*</span> are required.
      </p>

      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 grid grid-cols-1 gap-x-4 *:mb-4 *:last:mb-0 sm:grid-cols-2">
        <InputField
          {...text('name')}
          label="Name"
          required
          autoComplete="off"
          maxLength={TRAIL_NAME_MAX}
          placeholder="Sintra Mountain Loop"
        />
        <InputField
          {...text('location')}
          label="Location"
          required
          autoComplete="off"
          placeholder="Sintra, Portugal"
          hint="City, Country"
        />
        <InputField {...text('length')} label="Length" required autoComplete="off" placeholder="10.1 km" />
        <InputField
          {...text('hours')}
          label="Hours"
          required
          type="number"
          inputMode="decimal"
          min={0.5}
          max={TRAIL_HOURS_MAX}
          step={0.5}
          placeholder="3"
        />

        {choice('difficulty', { label: 'Difficulty', required: true, options: DIFFICULTY_CHOICES, className: 'sm:col-span-2' })}
        {choice('activity', { label: 'Activity', required: true, options: ACTIVITY_CHOICES })}
        {!editing && choice('weekendDay', { label: 'Day', options: DAY_CHOICES })}

        <Controller
          control={control}
          name="startTimes"
          render={({ field, fieldState }) => (
            <StartTimesField value={field.value} error={fieldState.error?.message} onChange={field.onChange} className="sm:col-span-2" />
          )}
        />

        <TextAreaField
          {...text('description')}
          label="Description"
          required
          rows={4}
          maxLength={TRAIL_DESCRIPTION_MAX}
          className="sm:col-span-2"
        />
        <InputField
          {...text('linkmap')}
          label="Map link"
          required
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://maps.google.com/…"
          className="sm:col-span-2"
        />

        <ImageUploadField name="image" label="Trail image" upload={image} trailName={trailName} error={uploadErrors.image} />
        <ImageUploadField name="map" label="Map image" upload={map} trailName={trailName} error={uploadErrors.map} />

        <div className="space-y-3 sm:col-span-2">
          {flagged && refusal ? <Alert tone="error">{refusal}</Alert> : notice && <Alert tone={notice.tone}>{notice.message}</Alert>}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" disabled={saving.isPending || uploading} className="w-full sm:w-auto">
              {editing ? <Save className="size-4" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}
              {uploading
                ? 'Waiting for the upload…'
                : editing
                  ? saving.isPending
                    ? 'Saving…'
                    : 'Save changes'
                  : saving.isPending
                    ? 'Adding…'
                    : 'Add trail'}
            </Button>
            {editing && (
              <Button type="button" variant="secondary" onClick={() => onEditDone?.(null)} className="w-full sm:w-auto">
                Cancel
              </Button>
            )}
          </div>
        </div>
      </form>
    </section>
  );
}
