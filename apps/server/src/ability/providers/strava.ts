import { z } from 'zod';
import { activityFromName } from '../activity-types.js';
import type { TrackSample } from '../track-figures.js';
import { ProviderError, type ActivityProvider, type ProviderActivity, type ProviderTokens } from './provider.js';

export interface StravaSettings {
  clientId: string;
  clientSecret: string;
  /** https://www.strava.com, or a stand-in speaking its protocol (tests). */
  baseUrl: string;
  /** Activities of one import whose streams are read; the rest count by their summary (distance, gain). */
  streamsPerImport?: number;
}

/**
 * Read access to the member's activities, private ones included (a member's commute is as much
 * a measure as a race). Strava's scopes: https://developers.strava.com/docs/authentication/.
 */
export const STRAVA_SCOPE = 'activity:read_all';
/** Strava's default application limit is 100 reads in 15 minutes: keep well inside it. */
const DEFAULT_STREAMS_PER_IMPORT = 60;
const PAGE_SIZE = 100;
const MAX_PAGES = 10;
const TIMEOUT_MS = 15_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: z.number().int(),
});

const activityAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  sport_type: z.string().optional(),
  type: z.string().optional(),
  start_date: z.string(),
  distance: z.number().nonnegative(),
  total_elevation_gain: z.number().nonnegative().optional(),
});

const stream = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) }).optional();
const streamsAnswer = z.object({
  time: stream(z.number()),
  distance: stream(z.number()),
  altitude: stream(z.number()),
  moving: stream(z.boolean()),
});

/** Strava's API v3 (https://developers.strava.com/docs/reference/) behind the provider interface. */
export function stravaProvider(settings: StravaSettings): ActivityProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const streamsPerImport = settings.streamsPerImport ?? DEFAULT_STREAMS_PER_IMPORT;

  async function call<T extends z.ZodType>(path: string, schema: T, init: RequestInit = {}): Promise<z.infer<T>> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    } catch (err) {
      throw new ProviderError(`Strava could not be reached (${(err as Error).message}).`);
    }
    if (!res.ok) throw new ProviderError(`Strava answered ${res.status} to ${path.split('?')[0]}.`, res.status);
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new ProviderError(`Strava's answer to ${path.split('?')[0]} is not what its API describes.`);
    return parsed.data;
  }

  const tokens = async (body: Record<string, string>): Promise<ProviderTokens> => {
    const answer = await call('/oauth/token', tokenAnswer, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...body }),
    });
    return { accessToken: answer.access_token, refreshToken: answer.refresh_token, expiresAt: new Date(answer.expires_at * 1000) };
  };

  const bearer = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } });

  async function samplesOf(accessToken: string, id: string): Promise<TrackSample[] | null> {
    const s = await call(
      `/api/v3/activities/${encodeURIComponent(id)}/streams?keys=time,distance,altitude,moving&key_by_type=true`,
      streamsAnswer,
      bearer(accessToken),
    );
    const distance = s.distance?.data;
    if (!distance || distance.length < 2) return null;
    return distance.map((d, i) => ({
      distanceMeters: d,
      elevationMeters: s.altitude?.data[i] ?? null,
      elapsedSeconds: s.time?.data[i] ?? null,
      ...(s.moving?.data[i] !== undefined && { moving: s.moving.data[i] }),
    }));
  }

  return {
    id: 'strava',
    authorizeUrl(state, redirectUri) {
      const query = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        approval_prompt: 'auto',
        scope: STRAVA_SCOPE,
        state,
      });
      return `${base}/oauth/authorize?${query}`;
    },
    exchangeCode: (code) => tokens({ code, grant_type: 'authorization_code' }),
    refresh: (refreshToken) => tokens({ refresh_token: refreshToken, grant_type: 'refresh_token' }),
    async activitiesSince(accessToken, since) {
      const listed: z.infer<typeof activityAnswer>[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const query = new URLSearchParams({
          after: String(Math.floor(since.getTime() / 1000)),
          per_page: String(PAGE_SIZE),
          page: String(page),
        });
        const batch = await call(`/api/v3/athlete/activities?${query}`, z.array(activityAnswer), bearer(accessToken));
        listed.push(...batch);
        if (batch.length < PAGE_SIZE) break;
      }
      let streamsLeft = streamsPerImport;
      return listed.map((a): ProviderActivity => {
        const id = String(a.id);
        const activity = activityFromName(a.sport_type ?? a.type);
        // Streams cost one request each: only for the activities that count, and only so many.
        const readStreams = activity !== null && streamsLeft-- > 0;
        return {
          sourceKey: `strava:${id}`,
          activity,
          startedAt: new Date(a.start_date),
          distanceMeters: a.distance,
          elevationGainMeters: a.total_elevation_gain ?? 0,
          samples: () => (readStreams ? samplesOf(accessToken, id) : Promise.resolve(null)),
        };
      });
    },
    async revoke(accessToken) {
      await call('/oauth/deauthorize', z.unknown(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ access_token: accessToken }),
      });
    },
  };
}
