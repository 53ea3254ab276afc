// @vitest-environment jsdom
import { START_TIMES_REPEATED_MESSAGE } from '@trailbuddy/shared/domain/schedule';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installUploadFakes, makeAdminMe, renderAtAdminRoute } from '../../../testing/admin-utils';
import { makeTrail, mockFetch } from '../../../testing/test-utils';
import AdminPage from './AdminPage';

// Forms of a dozen fields make jsdom's accessibility-tree queries slow when the whole suite runs at once.
const SLOW = { timeout: 20_000 };

const unauthenticated = { status: 401, body: { error: { code: 'unauthenticated', message: 'Sign in to continue.' } } };

function requestsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === path && (init?.method ?? 'GET') === method;
  });
}

function fillValidTrail() {
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Sintra Loop' } });
  fireEvent.change(screen.getByLabelText(/^Location/), { target: { value: 'Sintra, Portugal' } });
  fireEvent.change(screen.getByLabelText(/^Length/), { target: { value: '10.1 km' } });
  fireEvent.change(screen.getByLabelText(/^Hours/), { target: { value: '3.5' } });
  fireEvent.click(screen.getByLabelText('Moderate'));
  fireEvent.click(screen.getByLabelText('Running'));
  fireEvent.click(screen.getByLabelText('Sunday'));
  fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Through the forest to the Moorish castle.' } });
  fireEvent.change(screen.getByLabelText(/^Map link/), { target: { value: 'https://maps.example.com/sintra' } });
}

/** The add form of an empty trail list, filled with a valid trail; the fetch mock, to read what was sent. */
async function openFilledForm() {
  const fetchMock = mockFetch([
    { path: '/api/me', body: makeAdminMe() },
    { path: '/api/trails', body: { trails: [] } },
  ]);
  renderAtAdminRoute(<AdminPage />);
  await screen.findByRole('button', { name: /Add trail/ });
  fillValidTrail();
  return fetchMock;
}

describe('AdminPage access', SLOW, () => {
  it('redirects a signed-in non-administrator to /', async () => {
    mockFetch([{ path: '/api/me', body: makeAdminMe(false) }]);
    renderAtAdminRoute(<AdminPage />);
    expect(await screen.findByText('Main app home')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin' })).toBeNull();
  });

  it('redirects a visitor to /', async () => {
    mockFetch([{ path: '/api/me', ...unauthenticated }]);
    renderAtAdminRoute(<AdminPage />);
    expect(await screen.findByText('Main app home')).toBeTruthy();
  });

  it('shows a spinner while it finds out who is signed in, then the manager to an administrator', async () => {
    mockFetch([
      { path: '/api/me', body: makeAdminMe() },
      // The server's order, one page of a longer list; the count comes from the places aggregate.
      {
        path: '/api/trails',
        body: { trails: [makeTrail({ name: 'First', order: 1 }), makeTrail({ name: 'Second', order: 2 })], nextCursor: 'more' },
      },
      { path: '/api/trails/places', body: { countries: [], total: 30 } },
    ]);
    renderAtAdminRoute(<AdminPage />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(await screen.findByRole('heading', { name: 'Admin', level: 1 })).toBeTruthy();
    const section = screen.getByRole('region', { name: /^Trails/ });
    const names = (await within(section).findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    expect(names).toEqual(['First', 'Second']);
    expect(await within(section).findByText('(30)')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Show more trails' })).toBeTruthy();
    expect(screen.queryByText('Main app home')).toBeNull();
  });
});

describe('AdminPage add form', SLOW, () => {
  it('alerts "Please fill in all required fields." and marks each empty field, without calling the server', async () => {
    const fetchMock = mockFetch([
      { path: '/api/me', body: makeAdminMe() },
      { path: '/api/trails', body: { trails: [] } },
    ]);
    renderAtAdminRoute(<AdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Add trail/ }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields.');
    const name = screen.getByLabelText(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    // The messages of the shared schema the server checks the request with.
    for (const message of [
      'Name is required.',
      'Location is required.',
      'Length is required.',
      'Hours are required.',
      'Difficulty must be Easy, Moderate or Challenging.',
      'Activity must be hiking, running or biking.',
      'Description is required.',
      'Map link is required.',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(requestsTo(fetchMock, 'POST', '/api/trails')).toHaveLength(0);
  });

  it('checks what is filled in with the request’s own rules before sending', async () => {
    const fetchMock = await openFilledForm();
    fireEvent.change(screen.getByLabelText(/^Location/), { target: { value: 'Sintra' } });
    fireEvent.change(screen.getByLabelText(/^Hours/), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText(/^Map link/), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: /Add trail/ }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please correct the highlighted fields.');
    // Each message under its own field (ADR 0072), the one its box is described by.
    for (const [label, message] of [
      [/^Location/, 'Location must be written as "City, Country".'],
      [/^Hours/, 'Hours must be 48 or less.'],
      [/^Map link/, 'Map link must be a valid URL, starting with https://.'],
    ] as const) {
      const describedBy = screen.getByLabelText(label).getAttribute('aria-describedby')!.split(' ');
      expect(describedBy).toContain(screen.getByText(message).id);
    }
    // Corrected, a field's message goes at once; the alert stays while another is flagged.
    fireEvent.change(screen.getByLabelText(/^Hours/), { target: { value: '4' } });
    await waitFor(() => expect(screen.queryByText('Hours must be 48 or less.')).toBeNull());
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields.');
    expect(requestsTo(fetchMock, 'POST', '/api/trails')).toHaveLength(0);
  });

  it('refuses a start time given twice, next to the start times, sending nothing', async () => {
    const fetchMock = await openFilledForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a start time' }));
    fireEvent.change(screen.getByLabelText('Start time 2'), { target: { value: '10:00' } });
    for (let i = 0; i < 2; i++) fireEvent.click(screen.getByRole('button', { name: 'Add a start time' }));
    // At most four: no more to add.
    expect(screen.queryByRole('button', { name: 'Add a start time' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Add trail/ }));

    expect(await screen.findByText(START_TIMES_REPEATED_MESSAGE)).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', '/api/trails')).toHaveLength(0);
  });

  it('adds a trail with the uploaded keys, resets the form and says so', async () => {
    const trail = makeTrail({ name: 'Sintra Loop' });
    const fetchMock = mockFetch([
      { path: '/api/me', body: makeAdminMe() },
      { path: '/api/trails', body: { trails: [] } },
      { method: 'POST', path: '/api/trails', status: 201, body: trail },
    ]);
    const { xhrs } = installUploadFakes();
    renderAtAdminRoute(<AdminPage />);
    await screen.findByRole('button', { name: /Add trail/ });
    fillValidTrail();

    const file = new File(['jpeg bytes'], 'castle.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Choose trail image'), { target: { files: [file] } });
    await act(async () => xhrs[0]!.respond(201, { key: 'trailImages/Sintra Loop-1-castle.jpg', url: '/api/files/x' }));
    // A second start time (ADR 0065): offered three hours after the first, then set by hand.
    fireEvent.click(screen.getByRole('button', { name: 'Add a start time' }));
    expect((screen.getByLabelText('Start time 2') as HTMLInputElement).value).toBe('13:00');
    fireEvent.change(screen.getByLabelText('Start time 2'), { target: { value: '15:30' } });
    fireEvent.click(screen.getByRole('button', { name: /Add trail/ }));

    const added = await screen.findByText(/^Sintra Loop was added for /);
    expect(added.getAttribute('role')).toBe('status');
    const [, init] = requestsTo(fetchMock, 'POST', '/api/trails')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Sintra Loop',
      location: 'Sintra, Portugal',
      length: '10.1 km',
      hours: 3.5,
      difficulty: 'Moderate',
      activity: 'running',
      description: 'Through the forest to the Moorish castle.',
      linkmap: 'https://maps.example.com/sintra',
      weekendDay: 'sunday',
      startTimes: ['10:00', '15:30'],
      image: 'trailImages/Sintra Loop-1-castle.jpg',
    });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('img', { name: 'Preview of the trail image' })).toBeNull();
  });

  it('shows the server’s field errors next to the fields', async () => {
    mockFetch([
      { path: '/api/me', body: makeAdminMe() },
      { path: '/api/trails', body: { trails: [] } },
      {
        method: 'POST',
        path: '/api/trails',
        status: 400,
        body: {
          error: {
            code: 'invalid-argument',
            message: 'Location must be written as "City, Country".',
            fields: { location: 'Location must be written as "City, Country".' },
          },
        },
      },
    ]);
    renderAtAdminRoute(<AdminPage />);
    await screen.findByRole('button', { name: /Add trail/ });
    fillValidTrail();
    fireEvent.click(screen.getByRole('button', { name: /Add trail/ }));

    const location = screen.getByLabelText(/^Location/);
    await waitFor(() => expect(location.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = location.getAttribute('aria-describedby')!.split(' ');
    const messages = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain('Location must be written as "City, Country".');
  });
});

describe('AdminPage image uploads', SLOW, () => {
  it('asks for the trail name before an image can be chosen', async () => {
    mockFetch([
      { path: '/api/me', body: makeAdminMe() },
      { path: '/api/trails', body: { trails: [] } },
    ]);
    renderAtAdminRoute(<AdminPage />);
    const input = (await screen.findByLabelText('Choose map image')) as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(screen.getByText('Fill in the trail name first: the map image is stored under it.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Sintra Loop' } });
    expect(input.disabled).toBe(false);
  });

  it('previews the chosen file and shows the upload’s progress', async () => {
    mockFetch([
      { path: '/api/me', body: makeAdminMe() },
      { path: '/api/trails', body: { trails: [] } },
    ]);
    const { xhrs } = installUploadFakes();
    renderAtAdminRoute(<AdminPage />);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Sintra Loop' } });

    const file = new File(['png bytes'], 'map.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Choose map image'), { target: { files: [file] } });

    expect(screen.getByRole('img', { name: 'Preview of the map image' }).getAttribute('src')).toBe('blob:preview-1');
    const xhr = xhrs[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/trail-images?kind=map&trailName=Sintra+Loop');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    const progress = screen.getByRole('progressbar', { name: 'Map image upload' });
    expect(progress.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('button', { name: /Waiting for the upload/ })).toHaveProperty('disabled', true);

    act(() => xhr.progress(40, 100));
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    await act(async () => xhr.respond(201, { key: 'mapImages/Sintra Loop-1-map.png', url: '/api/files/y' }));
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Uploaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add trail/ })).toHaveProperty('disabled', false);
  });

  it('says "Failed to upload. Please try again." when the upload fails, and retries', async () => {
    mockFetch([
      { path: '/api/me', body: makeAdminMe() },
      { path: '/api/trails', body: { trails: [] } },
    ]);
    const { xhrs } = installUploadFakes();
    renderAtAdminRoute(<AdminPage />);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Sintra Loop' } });
    fireEvent.change(screen.getByLabelText('Choose trail image'), {
      target: { files: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] },
    });
    await act(async () => xhrs[0]!.respond(500, { error: { code: 'internal', message: 'Something went wrong. Please try again.' } }));

    expect(screen.getByRole('alert').textContent).toBe('Failed to upload. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(xhrs).toHaveLength(2);
    await act(async () => xhrs[1]!.respond(201, { key: 'trailImages/Sintra Loop-2-a.jpg', url: '/api/files/z' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('AdminPage delete', SLOW, () => {
  it('asks for confirmation before deleting a trail', async () => {
    const trail = makeTrail({ name: 'Arrábida Ridge' });
    const fetchMock = mockFetch([
      { path: '/api/me', body: makeAdminMe() },
      { path: '/api/trails', body: { trails: [trail] } },
      { method: 'DELETE', path: `/api/trails/${trail.id}`, status: 204 },
    ]);
    renderAtAdminRoute(<AdminPage />);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Arrábida Ridge' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Arrábida Ridge?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(fetchMock, 'DELETE', `/api/trails/${trail.id}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Arrábida Ridge' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Arrábida Ridge?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE', `/api/trails/${trail.id}`)).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Arrábida Ridge was deleted.');
  });
});

describe('AdminPage edit (issue 23)', SLOW, () => {
  it('edits a listed trail in the form, biking included, keeping its day, and says so', async () => {
    const trail = makeTrail({ name: 'Arrábida Ridge', activity: 'hiking', hours: 3, startTimes: ['08:00', '14:00'] });
    const saved = { ...trail, name: 'Arrábida Coast Ride', activity: 'biking' as const };
    const fetchMock = mockFetch([
      { path: '/api/me', body: makeAdminMe() },
      { path: '/api/trails', body: { trails: [trail] } },
      { method: 'PUT', path: `/api/trails/${trail.id}`, body: saved },
    ]);
    renderAtAdminRoute(<AdminPage />);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Arrábida Ridge' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Edit Arrábida Ridge' })).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Arrábida Ridge');
    expect((screen.getByLabelText('Hiking') as HTMLInputElement).checked).toBe(true);
    // The day of a listed trail stays: people are booked on its sessions.
    expect(screen.queryByLabelText('Sunday')).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Arrábida Coast Ride' } });
    fireEvent.click(screen.getByLabelText('Biking'));
    expect((screen.getByLabelText('Start time 1') as HTMLInputElement).value).toBe('08:00');
    fireEvent.click(screen.getByRole('button', { name: 'Remove start time 08:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByText('Arrábida Coast Ride was saved.')).closest('[role="status"]')).toBeTruthy();
    const [, init] = requestsTo(fetchMock, 'PUT', `/api/trails/${trail.id}`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Arrábida Coast Ride',
      location: trail.location,
      length: trail.length,
      hours: 3,
      difficulty: trail.difficulty,
      activity: 'biking',
      description: trail.description,
      linkmap: trail.linkmap,
      startTimes: ['14:00'],
    });
    expect(requestsTo(fetchMock, 'POST', '/api/trails')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Add a trail' })).toBeTruthy();
  });

  it('goes back to adding when the edit is cancelled, sending nothing', async () => {
    const trail = makeTrail({ name: 'Arrábida Ridge' });
    const fetchMock = mockFetch([
      { path: '/api/me', body: makeAdminMe() },
      { path: '/api/trails', body: { trails: [trail] } },
    ]);
    renderAtAdminRoute(<AdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Arrábida Ridge' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Add a trail' })).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect(requestsTo(fetchMock, 'PUT', `/api/trails/${trail.id}`)).toHaveLength(0);
  });
});
