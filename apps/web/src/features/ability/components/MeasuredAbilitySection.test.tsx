// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRegisteredMe, renderProfileUi } from '../../../testing/profile-utils';
import { mockFetch } from '../../../testing/test-utils';
import MeasuredAbilitySection from './MeasuredAbilitySection';

const hiking: MeasuredAbility = {
  activity: 'hiking',
  activityCount: 4,
  flatPaceSecondsPerKm: 725,
  climbRateMetersPerHour: 410,
  longestDistanceMeters: 18_400,
  largestElevationGainMeters: 912.4,
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const biking: MeasuredAbility = { ...hiking, activity: 'biking', flatPaceSecondsPerKm: 150, climbRateMetersPerHour: null };

afterEach(() => window.history.replaceState(null, '', '/'));

describe('MeasuredAbilitySection', () => {
  it('shows each activity as measured: a walker’s pace per km, a rider’s speed, and a dash where nothing was measured', async () => {
    mockFetch([{ path: '/api/me/ability', body: { abilities: [hiking, biking], providers: [] } }]);
    renderProfileUi(<MeasuredAbilitySection />, { me: makeRegisteredMe() });
    const hike = await screen.findByRole('listitem', { name: 'Hiking, measured' });
    expect(hike.textContent).toContain('Pace on the flat12:05 /km');
    expect(hike.textContent).toContain('Climbing410 m/h');
    expect(hike.textContent).toContain('Longest18 km');
    expect(hike.textContent).toContain('Most climbing912 m');
    const ride = screen.getByRole('listitem', { name: 'Biking, measured' });
    expect(ride.textContent).toContain('Speed on the flat24.0 km/h');
    expect(ride.textContent).toContain('Climbing—');
    // Strava is not configured on this server: no connection is offered.
    expect(screen.queryByRole('link', { name: /Connect/ })).toBeNull();
  });

  it('sends the chosen files with the activity for those that do not say, and lists what happened to each', async () => {
    const fetchMock = mockFetch([
      {
        path: '/api/me/ability',
        body: { abilities: [], providers: [{ id: 'strava', name: 'Strava', connected: false, lastImportAt: null }] },
      },
      {
        method: 'POST',
        path: '/api/me/ability/imports',
        body: {
          outcomes: [
            { file: 'a.gpx', status: 'imported', activity: 'running', reason: null },
            { file: 'b.gpx', status: 'rejected', activity: null, reason: 'This is not a GPX, TCX or FIT file.' },
          ],
          abilities: [],
        },
      },
    ]);
    renderProfileUi(<MeasuredAbilitySection />, { me: makeRegisteredMe() });
    await screen.findByText(/No measured ability yet/);
    expect(screen.getByRole('link', { name: 'Connect Strava' }).getAttribute('href')).toBe('/api/me/ability/strava/connect');

    const input = screen.getByLabelText('Import activity files');
    fireEvent.change(input, { target: { files: [new File(['<gpx>'], 'a.gpx'), new File(['x'], 'b.gpx')] } });
    fireEvent.change(screen.getByLabelText('Activity of files that do not say'), { target: { value: 'running' } });
    // jsdom's validation does not see files set by a test on a required input: submit the form itself.
    fireEvent.submit(input.closest('form')!);

    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/me/ability/imports'));
    const results = await screen.findByRole('list', { name: 'Import results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a.gpx: imported (running)', 'b.gpx: not imported — This is not a GPX, TCX or FIT file.']);
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/me/ability/imports')![1]!.body as FormData;
    expect(sent.get('activity')).toBe('running');
    expect(sent.getAll('files').map((f) => (f as File).name)).toEqual(['a.gpx', 'b.gpx']);
  });

  it('says how a Strava connection ended when the member comes back', async () => {
    window.history.replaceState(null, '', '/me?ability=denied');
    mockFetch([{ path: '/api/me/ability', body: { abilities: [], providers: [] } }]);
    renderProfileUi(<MeasuredAbilitySection />, { me: makeRegisteredMe() });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The connection was not allowed; nothing was imported.'));
  });
});
