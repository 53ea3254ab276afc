import { useQueryClient } from '@tanstack/react-query';
import { ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { DialogFrame } from '../../../components/ui/Dialog';
import { refreshMe } from '../api/me-cache';
import { NO_FILE_SELECTED, NOT_AN_IMAGE, PHOTO_UPLOAD_FAILED, uploadProfilePhoto, type PhotoUploadResult } from '../api/upload-photo';
import { cropImage, isImageFile } from '../utils/crop-image';

/** product §2 and §9: a square 300×300 crop box, zoom from 1 to 3. */
const CROP_SIZE = { width: 300, height: 300 };
const MIN_ZOOM = 1;
const MAX_ZOOM = 3;
const ZOOM_STEP = 0.1;

export interface PhotoCropperProps {
  /** The picture to crop; null when nothing was chosen. */
  file: File | null;
  onCancel: () => void;
  /** Called once the cropped picture is stored and the profile points at it. */
  onUploaded: (result: PhotoUploadResult) => void;
}

type Phase = { name: 'cropping' } | { name: 'uploading'; progress: number } | { name: 'failed'; message: string };

/**
 * The full-screen photo cropper (product §2 "Modals and overlays", §4 "Profile photo"): crop a
 * square, then Done draws it onto a canvas as a JPEG named "croppedImage" and uploads it with
 * progress. Default export for React.lazy: the cropper library loads only with it.
 */
export default function PhotoCropper({ file, onCancel, onUploaded }: PhotoCropperProps) {
  const queryClient = useQueryClient();
  const panelRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const titleId = useId();
  const zoomId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'cropping' });
  const [unreadable, setUnreadable] = useState(false);

  const refusal = !file ? NO_FILE_SELECTED : !isImageFile(file) || unreadable ? NOT_AN_IMAGE : null;
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !isImageFile(file)) return;
    const url = URL.createObjectURL(file);
    setSource(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const uploading = phase.name === 'uploading';
  function cancel() {
    abortRef.current?.abort();
    onCancel();
  }

  useEffect(() => () => abortRef.current?.abort(), []);

  async function done() {
    if (!file || !source || !area || refusal) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setPhase({ name: 'uploading', progress: 0 });
    // The Done button is about to be disabled: keep focus inside the overlay.
    panelRef.current?.focus();
    try {
      const cropped = await cropImage(source, area);
      const result = await uploadProfilePhoto(cropped, {
        signal: controller.signal,
        onProgress: (progress) => setPhase({ name: 'uploading', progress }),
      });
      await refreshMe(queryClient, result.profile);
      onUploaded(result);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('Profile picture upload failed', error);
      setPhase({ name: 'failed', message: PHOTO_UPLOAD_FAILED });
    }
  }

  return (
    <DialogFrame labelledBy={titleId} onDismiss={cancel} historyEntry="photo-cropper" placement="fullscreen" panelClassName="size-full">
      <div ref={panelRef} tabIndex={-1} className="flex size-full flex-col bg-stone-950 text-white outline-none">
        <div className="px-4 pt-[max(env(safe-area-inset-top),1rem)] pb-3 text-center">
          <h2 id={titleId} className="text-lg font-semibold">
            Crop your photo
          </h2>
          <p className="text-sm text-white/70">Drag to position it in the square, then zoom to fit.</p>
        </div>

        <div className="relative min-h-0 flex-1 bg-stone-900">
          {refusal ? (
            <div className="flex h-full items-center justify-center p-6">
              <div className="w-full max-w-sm">
                <Alert tone="error">{refusal}</Alert>
              </div>
            </div>
          ) : (
            source && (
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                minZoom={MIN_ZOOM}
                maxZoom={MAX_ZOOM}
                aspect={1}
                cropShape="rect"
                cropSize={CROP_SIZE}
                showGrid
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
                mediaProps={{ alt: 'The chosen photo', onError: () => setUnreadable(true) }}
                cropperProps={{ role: 'application', 'aria-label': 'Crop area: drag or use the arrow keys to move the photo' }}
              />
            )
          )}
        </div>

        <div className="space-y-4 bg-stone-950 px-4 pt-4 pb-[max(env(safe-area-inset-bottom),1rem)]">
          <div className="mx-auto flex max-w-md items-center gap-3">
            <ZoomOut className="size-5 shrink-0 text-white/70" aria-hidden="true" />
            <label htmlFor={zoomId} className="sr-only">
              Zoom
            </label>
            <input
              id={zoomId}
              type="range"
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={ZOOM_STEP}
              value={zoom}
              data-autofocus
              disabled={Boolean(refusal) || uploading}
              onChange={(event) => setZoom(Number(event.target.value))}
              aria-valuetext={`${zoom.toFixed(1)}×`}
              className="h-2 w-full cursor-pointer accent-brand-400 disabled:cursor-not-allowed"
            />
            <ZoomIn className="size-5 shrink-0 text-white/70" aria-hidden="true" />
          </div>

          {phase.name === 'uploading' && (
            <div className="mx-auto max-w-md">
              <div
                role="progressbar"
                aria-label="Uploading your photo"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={phase.progress}
                className="h-2 overflow-hidden rounded-full bg-white/15"
              >
                <div className="h-full rounded-full bg-brand-400 transition-[width]" style={{ width: `${phase.progress}%` }} />
              </div>
              <p className="mt-1.5 text-center text-xs text-white/70">Uploading… {phase.progress}%</p>
            </div>
          )}
          {phase.name === 'failed' && (
            <div className="mx-auto max-w-md">
              <Alert tone="error">{phase.message}</Alert>
            </div>
          )}

          <div className="mx-auto flex max-w-md gap-3">
            <Button variant="secondary" className="flex-1" onClick={cancel}>
              Cancel
            </Button>
            <Button className="flex-1" onClick={done} disabled={uploading || Boolean(refusal) || !area}>
              {uploading ? 'Uploading…' : 'Done'}
            </Button>
          </div>
        </div>
      </div>
    </DialogFrame>
  );
}
