// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeNewMe, renderProfileUi } from '../../../testing/profile-utils';
import { mockFetch } from '../../../testing/test-utils';
import RegistrationModal from './RegistrationModal';

const me = makeNewMe();

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const set = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));

function fillValidForm() {
  set('Full name', '  Rita Sousa ');
  set('Age', '31');
  set('Gender', 'Female');
  set('Country', 'Portugal');
  set('City', 'Porto');
  set('Hiking experience', 'advanced');
  set('Running experience', 'intermediate');
  set('Biking experience', 'advanced');
  set('Bio', 'Weekend hiker who loves the Douro valley.');
  set('Instagram handle', '@rita.trails');
}

// A long form: jsdom needs a moment for each full interaction when the whole suite runs in parallel.
describe('RegistrationModal', { timeout: 20_000 }, () => {
  it('is the "Complete Your Profile" dialog, starting from the account name with the personal fields empty', () => {
    mockFetch([]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    const dialog = screen.getByRole('dialog', { name: 'Complete Your Profile' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const panel = dialog.firstElementChild!;
    expect(panel.className).toContain('max-h-[85vh]');
    expect(panel.className).toContain('max-w-[400px]');

    expect(field('Full name').value).toBe('Rita Sousa');
    for (const label of ['Age', 'Gender', 'Country', 'City', 'Bio', 'Instagram handle']) expect(field(label).value).toBe('');
    expect(field('Pace').value).toBe('moderate');
    expect(field('Communication').value).toBe('chatty');
    expect(field('Adventure level').value).toBe('moderate');
  });

  it('says that a verification link was mailed to the new address, and sends it again on request', async () => {
    const fetchMock = mockFetch([{ method: 'POST', path: '/api/auth/send-verification-email', body: { status: true } }]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    const notice = screen.getByText(/We sent a verification link to/).closest('[role="status"]') as HTMLElement;
    expect(notice.textContent).toContain('rita@example.com');

    fireEvent.click(within(notice).getByRole('button', { name: 'Send the e-mail again' }));
    await within(notice).findByText('We sent you a new link. Check your inbox.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/send-verification-email$/);
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'rita@example.com' });
  });

  it('reports a resend the server refuses', async () => {
    mockFetch([{ method: 'POST', path: '/api/auth/send-verification-email', status: 429, body: { message: 'Too many requests' } }]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    fireEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    await screen.findByText('We could not send the e-mail. Please try again in a few minutes.');
  });

  it('says nothing of verification to an account that is verified, or has no mailbox (a phone-only account)', () => {
    mockFetch([]);
    const verified = makeNewMe({ user: { emailVerified: true } });
    const { unmount } = renderProfileUi(<RegistrationModal me={verified} />, { me: verified });
    expect(screen.queryByText(/verification link/)).toBeNull();
    unmount();
    const phoneOnly = makeNewMe({ user: { email: '' } });
    renderProfileUi(<RegistrationModal me={phoneOnly} />, { me: phoneOnly });
    expect(screen.queryByText(/verification link/)).toBeNull();
  });

  it('cannot be dismissed: no close button, Escape does nothing, but Sign Out is offered', () => {
    mockFetch([]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Complete Your Profile' });
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Complete Your Profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('refuses an incomplete form with "Please fill in all required fields." without calling the server', async () => {
    const fetchMock = mockFetch([]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    set('Age', '31');
    submit();

    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields.');
    expect(field('Gender').getAttribute('aria-invalid')).toBe('true');
    expect(field('Age').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    // The first field needing attention gets focus.
    expect(document.activeElement).toBe(field('Gender'));
  });

  it('rejects an age outside 1 to 120, under the field', async () => {
    const fetchMock = mockFetch([]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    fillValidForm();
    set('Age', '121');
    submit();
    expect((await screen.findByText('Age must be between 1 and 120.')).id).toBe(field('Age').getAttribute('aria-describedby'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the city disabled until a country is chosen, then offers that country’s cities', () => {
    mockFetch([]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    expect(field('City').disabled).toBe(true);

    set('Country', 'Portugal');
    const city = field('City');
    expect(city.disabled).toBe(false);
    const options = within(city)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Porto');
    expect(options).not.toContain('Madrid');

    set('City', 'Porto');
    set('Country', 'Spain');
    expect(field('City').value).toBe('');
    expect(
      within(field('City'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Madrid');
  });

  it('counts the bio and refuses one shorter than 10 characters', async () => {
    const fetchMock = mockFetch([]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    fillValidForm();
    set('Bio', 'Too short');
    expect(screen.getByText('9/500')).toBeTruthy();
    submit();

    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields.');
    expect(screen.getByText('Bio must be between 10 and 500 characters.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the completed profile and refreshes who is signed in', async () => {
    const fetchMock = mockFetch([{ method: 'PUT', path: '/api/me/registration', body: { ...me.profile, registrationComplete: true } }]);
    const { queryClient } = renderProfileUi(<RegistrationModal me={me} />, { me });
    fillValidForm();
    set('Pace', 'fast');
    submit();

    // The app shows onboarding once `me` says the registration is complete.
    await waitFor(() => expect(queryClient.getQueryData<typeof me>(['me'])?.profile.registrationComplete).toBe(true));
    expect(queryClient.getQueryState(['me'])?.isInvalidated).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me/registration');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      fullName: 'Rita Sousa',
      age: 31,
      gender: 'Female',
      country: 'Portugal',
      city: 'Porto',
      skills: { hiking: 'advanced', running: 'intermediate', biking: 'advanced' },
      bio: 'Weekend hiker who loves the Douro valley.',
      instagram: 'rita.trails',
      preferences: { pace: 'fast', communication: 'chatty', adventureLevel: 'moderate' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats an answer that does not record the registration as a failure rather than waiting forever', async () => {
    mockFetch([{ method: 'PUT', path: '/api/me/registration', body: { ...me.profile, registrationComplete: false } }]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    fillValidForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Error completing registration. Please try signing in.');
    expect((screen.getByRole('button', { name: 'Complete Profile' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server’s field messages with the required-fields alert', async () => {
    mockFetch([
      {
        method: 'PUT',
        path: '/api/me/registration',
        status: 400,
        body: {
          error: { code: 'invalid-argument', message: 'Choose a city in Portugal.', fields: { city: 'Choose a city in Portugal.' } },
        },
      },
    ]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    fillValidForm();
    submit();

    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields.');
    // Under the field it names, in the server's words, and the focus goes there.
    expect(screen.getByText('Choose a city in Portugal.').id).toBe(field('City').getAttribute('aria-describedby'));
    expect(field('City').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('City'));
    // Choosing again clears the server's flag, and the alert with it.
    set('City', 'Lisbon');
    await waitFor(() => expect(field('City').getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "Error completing registration. Please try signing in." when the server fails', async () => {
    mockFetch([
      { method: 'PUT', path: '/api/me/registration', status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } },
    ]);
    renderProfileUi(<RegistrationModal me={me} />, { me });
    fillValidForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Error completing registration. Please try signing in.');
  });
});
