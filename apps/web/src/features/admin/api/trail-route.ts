import type { SetTrailheadInput, TrailRoute } from '@trailbuddy/shared/contracts/trail-route';
import { api } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { UPLOAD_FAILED } from './upload-trail-image';

/** `PUT /api/trails/:id/route`: the GPX file in the multipart field `file`; answers the route's facts. */
export function uploadTrailRoute(trailId: string, file: File): Promise<TrailRoute> {
  return uploadFile(`/api/trails/${encodeURIComponent(trailId)}/route`, file, {
    method: 'PUT',
    filename: file.name,
    isResult: (body: unknown): body is TrailRoute => typeof body === 'object' && body !== null && 'distanceMeters' in body,
    failureMessage: UPLOAD_FAILED,
  });
}

export const setTrailhead = (trailId: string, point: SetTrailheadInput) =>
  api.put<null>(`/api/trails/${encodeURIComponent(trailId)}/trailhead`, point);
