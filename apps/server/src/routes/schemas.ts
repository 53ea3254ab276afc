import { z } from 'zod';
import { apiErrorSchema } from '@trailbuddy/shared/contracts/errors';

/** The error responses a route can give, for OpenAPI. */
export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
} as const;

export const idParams = (label: string) => z.object({ id: z.string().min(1, `${label} id is required.`) });
export const uuidParams = (label: string) => z.object({ id: z.uuid({ error: `${label} id must be a UUID.` }) });
