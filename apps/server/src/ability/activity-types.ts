import type { Activity } from '@trailbuddy/shared/contracts/enums';

/**
 * The activity type a recorder or service names, mapped onto ours; null for what is none of
 * them (swimming, skiing…), so the form's choice applies. Recorders spell them in many ways:
 * GPX `<type>` is free text ("running", "Hike", "cycling"), TCX `Sport` is Running / Biking /
 * Other, FIT names its sport enum, Strava has `sport_type` ("TrailRun", "MountainBikeRide").
 */
export function activityFromName(name: string | null | undefined): Activity | null {
  const n = (name ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (!n) return null;
  if (/(hik|walk|trek|mountaineer)/.test(n)) return 'hiking';
  if (/run|jog/.test(n)) return 'running';
  if (/(bik|cycl|ride|gravel)/.test(n)) return 'biking';
  return null;
}
