// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRegisteredMe, renderProfileUi } from '../../../testing/profile-utils';
import { mockFetch } from '../../../testing/test-utils';
import PhotoCropper from './PhotoCropper';

const CROP = { x: 40, y: 20, width: 300, height: 300 };

// jsdom neither decodes images nor lays out the crop box: the stand-in reports a crop at once,
// the way react-easy-crop does once the picture has loaded. Its props are recorded for checks.
const cropperProps = vi.hoisted(() => ({ last: null as Record<string, unknown> | null }));
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper(props: { onCropComplete: (area: unknown, pixels: unknown) => void } & Record<string, unknown>) {
    cropperProps.last = props;
    const { onCropComplete } = props;
    useEffect(() => onCropComplete({ x: 0, y: 0, width: 100, height: 100 }, CROP), [onCropComplete]);
    return <div data-testid="cropper" />;
  },
}));

/** A controllable XMLHttpRequest: the test decides when progress and the answer arrive. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  status = 0;
  responseText = '';
  responseType = '';
  withCredentials = false;
  body: FormData | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const drawImage = vi.fn();
const me = makeRegisteredMe();

beforeEach(() => {
  FakeXhr.last = null;
  drawImage.mockClear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_value: string) {
        queueMicrotask(() => this.onload?.());
      }
    },
  );
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ drawImage, fillRect: vi.fn(), fillStyle: '' }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback, type) {
    callback(new Blob([`${this.width}x${this.height}`], { type }));
  });
});

afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no text(); FileReader reads it. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const png = () => new File(['png-bytes'], 'holiday.png', { type: 'image/png' });

function renderCropper(file: File | null = png()) {
  const onCancel = vi.fn();
  const onUploaded = vi.fn();
  const utils = renderProfileUi(<PhotoCropper file={file} onCancel={onCancel} onUploaded={onUploaded} />, { me });
  return { onCancel, onUploaded, ...utils };
}

describe('PhotoCropper', { timeout: 20_000 }, () => {
  it('is a full-screen dialog with a square 300×300 crop, a 1–3 zoom control, Done and Cancel', () => {
    renderCropper();
    const dialog = screen.getByRole('dialog', { name: 'Crop your photo' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.className).toContain('size-full');
    expect(dialog.firstElementChild!.className).toContain('size-full');
    expect(cropperProps.last).toMatchObject({
      aspect: 1,
      cropSize: { width: 300, height: 300 },
      minZoom: 1,
      maxZoom: 3,
      image: 'blob:photo',
    });

    const zoom = screen.getByLabelText('Zoom') as HTMLInputElement;
    expect([zoom.type, zoom.min, zoom.max]).toEqual(['range', '1', '3']);
    fireEvent.change(zoom, { target: { value: '2.5' } });
    expect(cropperProps.last?.zoom).toBe(2.5);
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('on Done crops to a JPEG named croppedImage, uploads it with progress and tells the parent', async () => {
    const updated = { ...me.profile, image: '/api/files/profilePictures/u1/profile_u1_1.jpg' };
    mockFetch([{ path: '/api/me', body: { ...me, profile: updated } }]);
    const { onUploaded, queryClient } = renderCropper();

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/me/photo']);
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), CROP.x, CROP.y, CROP.width, CROP.height, 0, 0, CROP.width, CROP.height);

    const sent = xhr.body!.get('file') as File;
    expect(sent.name).toBe('croppedImage');
    expect(sent.type).toBe('image/jpeg');
    expect(await readText(sent)).toBe('300x300');

    xhr.upload.onprogress!({ lengthComputable: true, loaded: 40, total: 100 });
    const progress = await screen.findByRole('progressbar');
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('40'));
    expect((screen.getByRole('button', { name: 'Uploading…' }) as HTMLButtonElement).disabled).toBe(true);

    xhr.respond(200, { image: updated.image, profile: updated });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ image: updated.image, profile: updated }));
    expect(queryClient.getQueryData<typeof me>(['me'])?.profile.image).toBe(updated.image);
  });

  it('says "Failed to upload profile picture. Please try again." when the upload fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { onUploaded } = renderCropper();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last!.respond(413, { error: { code: 'payload-too-large', message: 'The file is too large.' } });

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to upload profile picture. Please try again.');
    expect(onUploaded).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says "No file selected." when there is no file, and refuses a file that is not an image', () => {
    const { unmount } = renderCropper(null);
    expect(screen.getByRole('alert').textContent).toBe('No file selected.');
    expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();

    renderCropper(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe('The photo must be an image.');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(FakeXhr.last).toBeNull();
  });

  it('Cancel and Escape leave without uploading', () => {
    const { onCancel } = renderCropper();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(FakeXhr.last).toBeNull();
  });
});
