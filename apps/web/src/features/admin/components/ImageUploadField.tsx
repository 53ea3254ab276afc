import { CircleCheck, ImageIcon, RotateCcw, Upload, X } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { buttonClasses } from '../../../components/ui/Button';
import { FieldMessages, useFieldIds } from '../../../components/ui/Field';
import { UPLOAD_FAILED } from '../api/upload-trail-image';
import type { TrailImageUpload } from '../api/use-trail-image-upload';

export interface ImageUploadFieldProps {
  name: 'image' | 'map';
  /** "Trail image" or "Map image". */
  label: string;
  upload: TrailImageUpload;
  /** Uploads are stored under the trail's name, so it must be filled in first. */
  trailName: string;
  error?: string;
}

/** Choose an image, see it at once (object URL), watch it upload, replace or remove it. */
export function ImageUploadField({ name, label, upload, trailName, error }: ImageUploadFieldProps) {
  const { state } = upload;
  const needsName = trailName.trim() === '';
  const lowerLabel = label.toLowerCase();
  const hint = needsName ? `Fill in the trail name first: the ${lowerLabel} is stored under it.` : undefined;
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  const uploading = state.status === 'uploading';

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after removing it) still fires a change.
    event.target.value = '';
    if (file) upload.start(file, trailName);
  }

  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-stone-700">{label}</span>
        <span className="text-xs text-stone-500">Optional</span>
      </div>

      <div className="relative aspect-video overflow-hidden rounded-2xl bg-stone-100 ring-1 ring-stone-200 ring-inset">
        {state.file && (
          <button
            type="button"
            onClick={upload.clear}
            aria-label={`Remove ${lowerLabel}`}
            className="absolute top-2 right-2 z-10 rounded-full bg-white/95 p-1.5 text-stone-700 shadow-sm ring-1 ring-stone-200 hover:bg-white hover:text-stone-900"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
        {state.previewUrl ? (
          <img
            src={state.previewUrl}
            alt={`Preview of the ${lowerLabel}`}
            width={640}
            height={360}
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-1.5 text-stone-600">
            <ImageIcon className="size-8" aria-hidden="true" />
            <span className="text-sm">No {lowerLabel} chosen</span>
          </div>
        )}
      </div>

      {state.status !== 'idle' && state.previewUrl && (
        <div className="mt-2 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`${label} upload`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.progress}
            className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200"
          >
            <div
              className={`h-full rounded-full transition-[width] duration-200 motion-reduce:transition-none ${
                state.status === 'error' ? 'bg-red-500' : 'bg-brand-600'
              }`}
              style={{ width: `${state.progress}%` }}
            />
          </div>
          <span className="w-20 shrink-0 text-right text-xs font-medium text-stone-600 tabular-nums" aria-hidden={uploading || undefined}>
            {state.status === 'done' ? (
              <span className="inline-flex items-center gap-1 text-brand-700">
                <CircleCheck className="size-4" aria-hidden="true" />
                Uploaded
              </span>
            ) : state.status === 'error' ? (
              'Not uploaded'
            ) : (
              `${state.progress}%`
            )}
          </span>
        </div>
      )}

      {state.status === 'error' && (
        <div className="mt-2">
          <Alert tone="error">
            {UPLOAD_FAILED}
            {state.detail && <span className="mt-0.5 block text-red-700">{state.detail}</span>}
          </Alert>
        </div>
      )}

      <div className="mt-2.5 flex flex-wrap items-center gap-2">
        <input
          id={id}
          name={name}
          type="file"
          accept="image/*"
          className="peer sr-only"
          disabled={needsName || uploading}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={onChange}
        />
        <label
          htmlFor={id}
          className={buttonClasses(
            'secondary',
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:text-stone-400',
          )}
        >
          <Upload className="size-4" aria-hidden="true" />
          {state.file ? `Replace ${lowerLabel}` : `Choose ${lowerLabel}`}
        </label>
        {state.status === 'error' && state.detail === null && (
          <button type="button" onClick={() => upload.retry(trailName)} className={buttonClasses('ghost')}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Retry
          </button>
        )}
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
