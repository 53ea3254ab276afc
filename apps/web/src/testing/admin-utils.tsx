import type { Me } from '@trailbuddy/shared/contracts/profile';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { usePathname } from '../lib/location';
import { renderWithProviders } from './test-utils';

export const ADMIN_EMAIL = 'admin@trailbuddy.app';

/** A signed-in user with a complete profile; `isAdmin` decides whether /admin lets them in. */
export function makeAdminMe(isAdmin = true): Me {
  const email = isAdmin ? ADMIN_EMAIL : 'miguel@trailbuddy.app';
  return {
    user: { id: 'admin-1', email, name: 'Ana Admin', emailVerified: true },
    isAdmin,
    profile: {
      id: 'admin-1',
      name: 'Ana Admin',
      image: '/avatars/avatar-1.png',
      age: 40,
      location: 'Lisbon, Portugal',
      gender: 'Female',
      skills: { hiking: 'advanced', running: 'intermediate', biking: 'beginner' },
      bio: 'Looks after the trail list.',
      instagram: 'ana.trails',
      preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' },
      email,
      country: 'Portugal',
      city: 'Lisbon',
      hasSeenOnboarding: true,
      registrationComplete: true,
      createdAt: '2026-01-10T10:00:00.000Z',
      reliable: false,
      comfort: { sameGenderOnly: false, ageMin: null, ageMax: null, languages: [] },
      maxTravelKm: 150,
    },
  };
}

/** Renders `ui` at /admin, with "/" showing a marker text so a redirect is visible. */
export function renderAtAdminRoute(ui: ReactElement) {
  history.replaceState(null, '', '/admin');
  return renderWithProviders(<AtPath admin={ui} />);
}

function AtPath({ admin }: { admin: ReactElement }) {
  return usePathname() === '/admin' ? admin : <p>Main app home</p>;
}

/** A stand-in for XMLHttpRequest that a test drives by hand: progress, then an answer. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  status = 0;
  responseText = '';
  responseType = '';
  withCredentials = false;
  body: unknown = null;
  readonly headers: Record<string, string> = {};
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

let restoreUrl: (() => void) | null = null;

/** Installs FakeXhr and object URLs (jsdom has neither upload progress nor URL.createObjectURL). */
export function installUploadFakes() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  restoreUrl = () => Object.assign(URL, original);
  let next = 0;
  const createObjectURL = vi.fn(() => `blob:preview-${++next}`);
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  return { xhrs: FakeXhr.instances, createObjectURL, revokeObjectURL };
}

afterEach(() => {
  restoreUrl?.();
  restoreUrl = null;
});
