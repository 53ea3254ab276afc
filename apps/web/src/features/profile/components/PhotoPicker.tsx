import { PRESET_AVATARS } from '@trailbuddy/shared/data/avatars';
import { Check, Upload } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { buttonClasses } from '../../../components/ui/Button';
import { SET_AVATAR_FAILED, useSetAvatar } from '../api/set-avatar';
import { NO_FILE_SELECTED, NOT_AN_IMAGE, PHOTO_UPDATED } from '../api/upload-photo';
import { isImageFile } from '../utils/crop-image';

// The cropper and its library load only when someone has chosen a picture.
const PhotoCropper = lazy(() => import('./PhotoCropper'));

export interface PhotoPickerProps {
  /** The profile's current image: a preset path or an uploaded picture's URL. */
  currentImage: string;
  /** Compact: a smaller grid for the registration form. */
  size?: 'sm' | 'md';
}

type Message = { tone: 'error' | 'success'; text: string } | null;

/**
 * product §3 "Avatars": one of the six presets, or an uploaded picture. A preset is saved at once;
 * an upload goes through the photo cropper (product §4 "Profile photo": choose file, crop, upload,
 * save the profile image, then tell the parent view, which is this picker).
 */
export function PhotoPicker({ currentImage, size = 'md' }: PhotoPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const groupLabelId = useId();
  const [cropFile, setCropFile] = useState<File | null>(null);
  const [cropperOpen, setCropperOpen] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const setAvatar = useSetAvatar();

  function choosePreset(avatar: number) {
    setMessage(null);
    setAvatar.mutate(avatar, { onError: () => setMessage({ tone: 'error', text: SET_AVATAR_FAILED }) });
  }

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    // Let the same file be chosen again after a cancel.
    event.target.value = '';
    if (!file) {
      setMessage({ tone: 'error', text: NO_FILE_SELECTED });
      return;
    }
    if (!isImageFile(file)) {
      setMessage({ tone: 'error', text: NOT_AN_IMAGE });
      return;
    }
    setMessage(null);
    setCropFile(file);
    setCropperOpen(true);
  }

  const busy = cropperOpen || setAvatar.isPending;

  return (
    <div>
      <p id={groupLabelId} className="mb-2 text-sm font-medium text-stone-700">
        Choose an avatar
      </p>
      <div role="group" aria-labelledby={groupLabelId} className={`grid grid-cols-6 gap-2 ${size === 'sm' ? '' : 'max-w-sm'}`}>
        {PRESET_AVATARS.map((path, index) => {
          const selected = currentImage === path;
          const pending = setAvatar.isPending && setAvatar.variables === index + 1;
          return (
            <button
              key={path}
              type="button"
              aria-pressed={selected}
              aria-label={`Avatar ${index + 1}`}
              disabled={busy}
              onClick={() => choosePreset(index + 1)}
              className={`relative aspect-square rounded-full p-0.5 ring-2 transition disabled:cursor-not-allowed ${
                selected ? 'ring-brand-600' : 'ring-transparent hover:ring-stone-300'
              } ${pending ? 'animate-pulse' : ''}`}
            >
              <img src={path} alt="" width={56} height={56} className="size-full rounded-full bg-stone-100 object-cover" />
              {selected && (
                <span
                  className="absolute -right-0.5 -bottom-0.5 rounded-full bg-brand-700 p-0.5 text-white ring-2 ring-white"
                  aria-hidden="true"
                >
                  <Check className="size-3" />
                </span>
              )}
            </button>
          );
        })}
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => inputRef.current?.click()} disabled={busy} className={buttonClasses('secondary', 'py-2')}>
          <Upload className="size-4" aria-hidden="true" />
          {cropperOpen ? 'Uploading…' : 'Upload a photo'}
        </button>
        <span className="text-xs text-stone-500">Any picture, cropped to a square.</span>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="photo-input"
          onChange={onFileChosen}
        />
      </div>

      {message && (
        <div className="mt-3">
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      )}

      {cropperOpen && (
        <Suspense fallback={<CropperLoading />}>
          <PhotoCropper
            file={cropFile}
            onCancel={() => setCropperOpen(false)}
            onUploaded={() => {
              setCropperOpen(false);
              setMessage({ tone: 'success', text: PHOTO_UPDATED });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function CropperLoading() {
  return (
    <div role="status" className="fixed inset-0 z-[60] flex items-center justify-center bg-stone-950/90">
      <span className="size-8 animate-spin rounded-full border-4 border-white/30 border-t-white" aria-hidden="true" />
      <span className="sr-only">Loading the photo cropper…</span>
    </div>
  );
}
