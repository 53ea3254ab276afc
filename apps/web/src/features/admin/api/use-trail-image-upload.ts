import type { TrailImageKind } from '@trailbuddy/shared/contracts/trail';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { uploadTrailImage } from './upload-trail-image';

export interface TrailImageUploadState {
  status: 'idle' | 'uploading' | 'done' | 'error';
  file: File | null;
  /** An object URL of the chosen file, so the preview shows before (and while) it uploads. */
  previewUrl: string | null;
  /** 0–100. */
  progress: number;
  key: string | null;
  /** The server's reason when it refused the file (too large, not an image). */
  detail: string | null;
}

const IDLE: TrailImageUploadState = { status: 'idle', file: null, previewUrl: null, progress: 0, key: null, detail: null };

export interface TrailImageUpload {
  state: TrailImageUploadState;
  /** Uploads `file` under the trail's name, replacing any earlier choice. */
  start: (file: File, trailName: string) => void;
  /** Uploads the same file again after a failure. */
  retry: (trailName: string) => void;
  /** Forgets the file (and stops its upload). */
  clear: () => void;
}

/** One image slot of the add-trail form: preview, progress and the storage key once uploaded. */
export function useTrailImageUpload(kind: TrailImageKind): TrailImageUpload {
  const [state, setState] = useState<TrailImageUploadState>(IDLE);
  const controllerRef = useRef<AbortController | null>(null);
  const previewRef = useRef<{ file: File; url: string } | null>(null);

  const releasePreview = useCallback(() => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current.url);
    previewRef.current = null;
  }, []);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
      releasePreview();
    },
    [releasePreview],
  );

  const start = useCallback(
    (file: File, trailName: string) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      if (!file.type.startsWith('image/')) {
        releasePreview();
        setState({ status: 'error', file, previewUrl: null, progress: 0, key: null, detail: 'The file must be an image.' });
        return;
      }
      if (previewRef.current?.file !== file) {
        releasePreview();
        previewRef.current = { file, url: URL.createObjectURL(file) };
      }
      const previewUrl = previewRef.current.url;
      setState({ status: 'uploading', file, previewUrl, progress: 0, key: null, detail: null });
      uploadTrailImage({
        file,
        kind,
        trailName,
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, progress }));
        },
      }).then(
        ({ key }) => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, status: 'done', progress: 100, key }));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // A 4xx says what was wrong with the file; anything else is worth just trying again.
          const detail = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null;
          setState((s) => ({ ...s, status: 'error', key: null, detail }));
        },
      );
    },
    [kind, releasePreview],
  );

  const retry = useCallback(
    (trailName: string) => {
      if (state.file) start(state.file, trailName);
    },
    [start, state.file],
  );

  const clear = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    releasePreview();
    setState(IDLE);
  }, [releasePreview]);

  return { state, start, retry, clear };
}
