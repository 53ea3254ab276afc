import type { Page } from 'playwright-core';
import { apiIn } from './members';

/**
 * A trail of the spec's own, added through the API by the administrator signed in in `page`, for
 * a journey about what is done to it (edited, given start times); the spec deletes it afterwards.
 */
export function addTrail<T extends { id: string }>(
  page: Page,
  name: string,
  journey: string,
  fields: Record<string, unknown> = {},
): Promise<T> {
  return apiIn<T>(page, 'POST', '/api/trails', {
    name,
    location: 'Setúbal, Portugal',
    length: '12 km',
    hours: 3,
    difficulty: 'Moderate',
    activity: 'hiking',
    description: `Added for the ${journey} journey.`,
    linkmap: 'https://www.openstreetmap.org/#map=13/38.48/-8.98',
    ...fields,
  });
}
