// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRegisteredMe, renderProfileUi } from '../../../testing/profile-utils';
import { mockFetch } from '../../../testing/test-utils';
import PersonalProfileView from './PersonalProfileView';

const me = makeRegisteredMe();
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const set = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('PersonalProfileView', { timeout: 20_000 }, () => {
  it('shows the saved profile, then toggles between Edit and Cancel', () => {
    mockFetch([]);
    renderProfileUi(<PersonalProfileView />, { me });
    expect(screen.getByRole('heading', { level: 1, name: 'Rita Sousa' })).toBeTruthy();
    expect(screen.getAllByText('Porto, Portugal').length).toBeGreaterThan(0);
    expect(screen.getByText('Weekend hiker who loves the Douro valley.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /rita\.trails/ }).getAttribute('href')).toBe('https://www.instagram.com/rita.trails/');
    expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeTruthy();
    expect(field('Full name').value).toBe('Rita Sousa');
    expect(field('City').value).toBe('Porto');

    // The header toggle now reads Cancel; there is also one at the bottom of the form.
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' })[0]!);
    expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('shows the e-mail but does not let it be edited', () => {
    mockFetch([]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const email = field('Email');
    expect(email.value).toBe('rita@example.com');
    expect(email.disabled).toBe(true);
    expect(email.readOnly).toBe(true);
    expect(screen.getByText(/cannot be changed here/)).toBeTruthy();
  });

  it('shows a handle saved with its "@" once, beside the box’s own "@"', () => {
    mockFetch([]);
    renderProfileUi(<PersonalProfileView />, { me: makeRegisteredMe({ instagram: '@rita.trails' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(field('Instagram handle').value).toBe('rita.trails');
  });

  it('keeps the "@" the box shows out of the handle as it is typed or pasted, so it never reads "@ @handle"', () => {
    mockFetch([]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    set('Instagram handle', '@');
    expect(field('Instagram handle').value).toBe('');
    set('Instagram handle', '@rita');
    expect(field('Instagram handle').value).toBe('rita');
    set('Instagram handle', ' @@rita.trails');
    expect(field('Instagram handle').value).toBe('rita.trails');
  });

  it('says "Age is required." for an empty age, with the message of the shared schema', async () => {
    mockFetch([]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    set('Age', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('alert');
    expect(document.getElementById(field('Age').getAttribute('aria-describedby')!)?.textContent).toBe('Age is required.');
  });

  it('takes the focus to the first flagged field and clears a flag as soon as that field is corrected', async () => {
    mockFetch([]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    set('Age', '');
    set('Bio', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Age')));
    expect(field('Age').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field('Bio').getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(
      'Bio must be between 10 and 500 characters.',
    );

    set('Age', '31');
    await waitFor(() => expect(field('Age').getAttribute('aria-invalid')).toBeNull());
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields.');
    set('Bio', 'Long enough to be a bio.');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('keeps the city disabled until a country is chosen', () => {
    mockFetch([]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    set('Country', '');
    expect(field('City').disabled).toBe(true);
    set('Country', 'Spain');
    expect(field('City').disabled).toBe(false);
  });

  it('saves every editable field with PATCH /api/me/profile, without the e-mail', async () => {
    const saved = { ...me.profile, bio: 'Coastal paths and sunrise starts.', city: 'Braga', location: 'Braga, Portugal' };
    const fetchMock = mockFetch([{ method: 'PATCH', path: '/api/me/profile', body: saved }]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    set('City', 'Braga');
    set('Bio', 'Coastal paths and sunrise starts.');
    set('Communication', 'quiet');
    set('Biking experience', 'intermediate');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual(['/api/me/profile', 'PATCH']);
    expect(JSON.parse(String(init?.body))).toEqual({
      fullName: 'Rita Sousa',
      age: 31,
      gender: 'Female',
      country: 'Portugal',
      city: 'Braga',
      skills: { hiking: 'intermediate', running: 'beginner', biking: 'intermediate' },
      bio: 'Coastal paths and sunrise starts.',
      instagram: 'rita.trails',
      preferences: { pace: 'moderate', communication: 'quiet', adventureLevel: 'moderate' },
    });
    expect(screen.getByText('Coastal paths and sunrise starts.')).toBeTruthy();
  });

  it('saves with the Instagram handle removed: it is optional (issue 23)', async () => {
    const fetchMock = mockFetch([{ method: 'PATCH', path: '/api/me/profile', body: { ...me.profile, instagram: null } }]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    set('Instagram handle', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ instagram: '' });
    expect(screen.queryByText('Instagram')).toBeNull();
  });

  it('says "Failed to update profile. Please try again." when saving fails, and stays in edit mode', async () => {
    mockFetch([
      { method: 'PATCH', path: '/api/me/profile', status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } },
    ]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update profile. Please try again.');
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeTruthy();
  });

  it('refuses an invalid edit with the required-fields alert', async () => {
    const fetchMock = mockFetch([]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    set('Bio', '  ');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('chooses a preset avatar, and reports when that fails', async () => {
    const fetchMock = mockFetch([
      { method: 'PUT', path: '/api/me/avatar', status: 500, body: { error: { code: 'internal', message: 'x' } } },
    ]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Change Photo' }));
    expect(screen.getByRole('button', { name: 'Avatar 1' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Avatar 3' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update avatar. Please try again.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual(['/api/me/avatar', 'PUT', JSON.stringify({ avatar: 3 })]);
  });

  it('refuses an upload that is not an image before opening the cropper', () => {
    const fetchMock = mockFetch([]);
    renderProfileUi(<PersonalProfileView />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Change Photo' }));
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert').textContent).toBe('The photo must be an image.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
