// A local stand-in for Strava's OAuth and API v3 (https://developers.strava.com/docs/): a real
// HTTP server on a loopback port that speaks the parts of Strava's protocol TrailBuddy uses, so
// the connection, the import and the revocation go over the wire as they would to Strava. Strava
// itself cannot be reached from the tests.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { metersBetween } from '../ability/track-figures.js';
import type { SamplePoint } from '../../../../tools/activity-samples.mjs';

export interface StandInActivity {
  id: number;
  sport_type: string;
  /** The recording, from which the list's summary and the streams are served. */
  points: SamplePoint[];
}

interface Grant {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  revoked: boolean;
}

export interface StravaStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  activities: StandInActivity[];
  grants: Grant[];
  /** Every request as method and path (with query), for asserting what was asked. */
  requests: string[];
  /** Seconds each new access token lives (Strava: 6 hours). */
  tokenLifetimeS: number;
  close(): Promise<void>;
}

const token = () => randomBytes(20).toString('hex');

function streamsOf(points: SamplePoint[]) {
  let distance = 0;
  const d: number[] = [];
  points.forEach((p, i) => {
    if (i > 0) distance += metersBetween(points[i - 1]!, p);
    d.push(Math.round(distance * 10) / 10);
  });
  const t0 = points[0]!.time.getTime();
  const stream = (data: unknown[]) => ({ data, series_type: 'distance', original_size: data.length, resolution: 'high' });
  return {
    distance: stream(d),
    time: stream(points.map((p) => Math.round((p.time.getTime() - t0) / 1000))),
    altitude: stream(points.map((p) => Math.round(p.ele * 10) / 10)),
    _total: distance,
  };
}

export async function createStravaStandIn(activities: StandInActivity[] = []): Promise<StravaStandIn> {
  const codes = new Map<string, { redirectUri: string }>();
  const state: Omit<StravaStandIn, 'url' | 'close'> = {
    clientId: '4242',
    clientSecret: 'stand-in-secret',
    activities,
    grants: [],
    requests: [],
    tokenLifetimeS: 6 * 3600,
  };
  const issue = (): Grant => {
    const grant = {
      accessToken: token(),
      refreshToken: token(),
      expiresAt: Math.floor(Date.now() / 1000) + state.tokenLifetimeS,
      revoked: false,
    };
    state.grants.push(grant);
    return grant;
  };
  const tokenBody = (g: Grant) => ({
    token_type: 'Bearer',
    access_token: g.accessToken,
    refresh_token: g.refreshToken,
    expires_at: g.expiresAt,
    expires_in: g.expiresAt - Math.floor(Date.now() / 1000),
    athlete: { id: 77, firstname: 'Stand', lastname: 'In' },
  });
  const fault = (field: string, code: string) => ({ message: 'Bad Request', errors: [{ resource: 'Application', field, code }] });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      state.requests.push(`${req.method} ${url.pathname}${url.search}`);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const bearer = () => {
        const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const g = state.grants.find((x) => x.accessToken === given);
        return g && !g.revoked && g.expiresAt > Date.now() / 1000 ? g : null;
      };

      // The consent page: the athlete "clicks Authorize" at once (or refuses when the test asks).
      if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
        const redirectUri = url.searchParams.get('redirect_uri');
        if (url.searchParams.get('client_id') !== state.clientId || !redirectUri) return send(400, fault('client_id', 'invalid'));
        const back = new URL(redirectUri);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (url.searchParams.get('deny') === '1') back.searchParams.set('error', 'access_denied');
        else {
          const code = token();
          codes.set(code, { redirectUri });
          back.searchParams.set('code', code);
          back.searchParams.set('scope', `read,${url.searchParams.get('scope')}`);
        }
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        if (form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret) {
          return send(401, fault('client_secret', 'invalid'));
        }
        if (form.get('grant_type') === 'authorization_code') {
          const code = form.get('code') ?? '';
          if (!codes.delete(code)) return send(400, fault('code', 'invalid'));
          return send(200, tokenBody(issue()));
        }
        if (form.get('grant_type') === 'refresh_token') {
          const old = state.grants.find((g) => g.refreshToken === form.get('refresh_token') && !g.revoked);
          if (!old) return send(400, fault('refresh_token', 'invalid'));
          old.revoked = true;
          return send(200, tokenBody(issue()));
        }
        return send(400, fault('grant_type', 'invalid'));
      }
      if (req.method === 'POST' && url.pathname === '/oauth/deauthorize') {
        const g = state.grants.find((x) => x.accessToken === form.get('access_token') && !x.revoked);
        if (!g) return send(401, { message: 'Authorization Error' });
        for (const x of state.grants) x.revoked = true;
        return send(200, { access_token: g.accessToken });
      }
      if (req.method === 'GET' && url.pathname === '/api/v3/athlete/activities') {
        if (!bearer()) return send(401, { message: 'Authorization Error' });
        const after = Number(url.searchParams.get('after') ?? 0);
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        const listed = state.activities
          .filter((a) => a.points[0]!.time.getTime() / 1000 > after)
          .slice((page - 1) * perPage, page * perPage)
          .map((a) => {
            const s = streamsOf(a.points);
            let gain = 0;
            a.points.forEach((p, i) => (gain += i > 0 ? Math.max(0, p.ele - a.points[i - 1]!.ele) : 0));
            return {
              id: a.id,
              name: `Activity ${a.id}`,
              sport_type: a.sport_type,
              type: a.sport_type,
              start_date: a.points[0]!.time.toISOString(),
              distance: Math.round(s._total * 10) / 10,
              moving_time: s.time.data.at(-1),
              elapsed_time: s.time.data.at(-1),
              total_elevation_gain: Math.round(gain),
              start_latlng: [a.points[0]!.lat, a.points[0]!.lon],
              map: { summary_polyline: 'encoded-polyline-not-used' },
            };
          });
        return send(200, listed);
      }
      const streams = /^\/api\/v3\/activities\/(\d+)\/streams$/.exec(url.pathname);
      if (req.method === 'GET' && streams) {
        if (!bearer()) return send(401, { message: 'Authorization Error' });
        const a = state.activities.find((x) => String(x.id) === streams[1]);
        if (!a) return send(404, { message: 'Record Not Found' });
        const keys = (url.searchParams.get('keys') ?? '').split(',');
        const { _total, ...all } = streamsOf(a.points);
        void _total;
        return send(200, Object.fromEntries(Object.entries(all).filter(([k]) => keys.includes(k))));
      }
      send(404, { message: 'Record Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
