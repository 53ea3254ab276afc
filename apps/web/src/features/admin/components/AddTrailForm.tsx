import { formatDateTime } from '@trailbuddy/shared/domain/date-format';
import { Plus, Save } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ChoiceField, InputField, TextAreaField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDateFormat } from '../../../lib/server-render';
import { TRAIL_DESCRIPTION_MAX, TRAIL_HOURS_MAX, TRAIL_NAME_MAX, type Trail } from '@trailbuddy/shared/contracts/trail';
import { useCreateTrail } from '../api/create-trail';
import { useUpdateTrail } from '../api/update-trail';
import { useTrailImageUpload } from '../api/use-trail-image-upload';
import {
  ACTIVITY_LABELS,
  ACTIVITY_OPTIONS,
  CHECK_FIELDS_ALERT,
  DIFFICULTY_OPTIONS,
  EMPTY_TRAIL_FORM,
  FIELD_ORDER,
  REQUIRED_FIELDS_ALERT,
  WEEKEND_DAY_LABELS,
  checkTrailForm,
  serverFieldErrors,
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
  const [values, setValues] = useState<TrailFormValues>(() => (editing ? trailFormValuesOf(editing, timeZone) : EMPTY_TRAIL_FORM));
  const [errors, setErrors] = useState<TrailFormErrors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const image = useTrailImageUpload('image');
  const map = useTrailImageUpload('map');
  const createTrail = useCreateTrail();
  const updateTrail = useUpdateTrail();
  const saving = editing ? updateTrail : createTrail;
  const formRef = useRef<HTMLFormElement>(null);

  const uploading = image.state.status === 'uploading' || map.state.status === 'uploading';

  function update<K extends keyof TrailFormValues>(field: K, value: TrailFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // A message goes as soon as its field is touched again (the check runs anew on submit), and
    // the alert goes with the last of them; a success message goes once the next trail is begun.
    const { [field]: fixed, ...rest } = errors;
    if (fixed) setErrors(rest);
    if (notice?.tone === 'success' || (fixed && notice?.tone === 'error' && Object.keys(rest).length === 0)) setNotice(null);
  }

  function focusFirstError(found: TrailFormErrors) {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    const element = formRef.current?.elements.namedItem(first);
    if (element instanceof RadioNodeList) (element[0] as HTMLElement | undefined)?.focus();
    else if (element instanceof HTMLElement) element.focus();
  }

  function showErrors(found: TrailFormErrors, message: string) {
    setErrors(found);
    setNotice({ tone: 'error', message });
    focusFirstError(found);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving.isPending || uploading) return;

    const checked = checkTrailForm(values);
    const found: TrailFormErrors = checked.ok ? {} : checked.errors;
    if (image.state.status === 'error') found.image = 'Upload the trail image again, or remove it.';
    if (map.state.status === 'error') found.map = 'Upload the map image again, or remove it.';
    if (!checked.ok || Object.keys(found).length > 0) {
      showErrors(found, !checked.ok && checked.missingRequired ? REQUIRED_FIELDS_ALERT : CHECK_FIELDS_ALERT);
      return;
    }

    setErrors({});
    setNotice(null);
    const body = {
      ...checked.body,
      ...(image.state.key ? { image: image.state.key } : {}),
      ...(map.state.key ? { map: map.state.key } : {}),
    };
    const onError = (error: Error) => {
      const fieldErrors = error instanceof ApiError ? serverFieldErrors(error.fields) : {};
      showErrors(fieldErrors, errorMessage(error, Object.keys(fieldErrors)));
    };
    if (editing) {
      const { weekendDay: _day, ...changes } = body;
      updateTrail.mutate({ id: editing.id, body: changes }, { onSuccess: (trail) => onEditDone?.(trail), onError });
      return;
    }
    createTrail.mutate(body, {
      onSuccess: (trail) => {
        setValues(EMPTY_TRAIL_FORM);
        image.clear();
        map.clear();
        setNotice({ tone: 'success', message: `${trail.name} was added for ${formatDateTime(trail.startTime)}.` });
      },
      onError,
    });
  }

  const text = (field: Exclude<keyof TrailFormValues, 'difficulty' | 'activity' | 'weekendDay' | 'startTimes'>) => ({
    name: field satisfies TrailFormField,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
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

        <ChoiceField
          name="difficulty"
          label="Difficulty"
          required
          options={DIFFICULTY_CHOICES}
          value={values.difficulty}
          error={errors.difficulty}
          onChange={(value) => update('difficulty', value)}
          className="sm:col-span-2"
        />
        <ChoiceField
          name="activity"
          label="Activity"
          required
          options={ACTIVITY_CHOICES}
          value={values.activity}
          error={errors.activity}
          onChange={(value) => update('activity', value)}
        />
        {!editing && (
          <ChoiceField
            name="weekendDay"
            label="Day"
            options={DAY_CHOICES}
            value={values.weekendDay}
            error={errors.weekendDay}
            onChange={(value) => update('weekendDay', value)}
          />
        )}

        <StartTimesField
          value={values.startTimes}
          error={errors.startTimes}
          onChange={(times) => update('startTimes', times)}
          className="sm:col-span-2"
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

        <ImageUploadField name="image" label="Trail image" upload={image} trailName={values.name} error={errors.image} />
        <ImageUploadField name="map" label="Map image" upload={map} trailName={values.name} error={errors.map} />

        <div className="space-y-3 sm:col-span-2">
          {notice && <Alert tone={notice.tone}>{notice.message}</Alert>}
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
