import type { Env } from '../../env.js';
import type { ActivityProvider } from './provider.js';
import { stravaProvider } from './strava.js';

/** The activity services this server offers: each one whose credentials are set. */
export function activityProviders(env: Pick<Env, 'STRAVA_CLIENT_ID' | 'STRAVA_CLIENT_SECRET' | 'STRAVA_BASE_URL'>): ActivityProvider[] {
  const providers: ActivityProvider[] = [];
  if (env.STRAVA_CLIENT_ID && env.STRAVA_CLIENT_SECRET) {
    providers.push(
      stravaProvider({ clientId: env.STRAVA_CLIENT_ID, clientSecret: env.STRAVA_CLIENT_SECRET, baseUrl: env.STRAVA_BASE_URL }),
    );
  }
  return providers;
}
