import type { ActivityProviderId } from '@trailbuddy/shared/contracts/ability-import';
import type { Activity } from '@trailbuddy/shared/contracts/enums';
import type { TrackSample } from '../track-figures.js';

/** An access token and what renews it. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/** One activity as a service lists it: enough to import it without its positions. */
export interface ProviderActivity {
  /** Unique per member and service: `strava:<id>`. */
  sourceKey: string;
  /** The service's own type name, mapped; null for what is not a hike, run or ride. */
  activity: Activity | null;
  startedAt: Date;
  distanceMeters: number;
  elevationGainMeters: number;
  /** Distance, elevation and time along the activity, without positions; null when the service has none. */
  samples(): Promise<TrackSample[] | null>;
}

/**
 * An activity service a member can connect (Strava now; Garmin or Komoot would be another
 * implementation): OAuth 2 authorization code, the activities since a date, and revoking.
 */
export interface ActivityProvider {
  id: ActivityProviderId;
  /** Where the member's browser goes to allow us read access. */
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<ProviderTokens>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  activitiesSince(accessToken: string, since: Date): Promise<ProviderActivity[]>;
  /** Withdraws our access at the service; the caller drops the tokens either way. */
  revoke(accessToken: string): Promise<void>;
}

/** The service answered with something we cannot use (an HTTP error, a malformed body). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
