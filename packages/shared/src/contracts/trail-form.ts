import { z } from 'zod';
import { createTrailSchema, hoursOf } from './trail';

/**
 * The admin form checks what it will send with the request's own rules. As a form it differs in
 * what it holds while someone types: the hours as the text in the box (empty reads as missing,
 * not as a range error), and an empty map link is missing rather than malformed.
 */
export const trailFormSchema = createTrailSchema.extend({
  hours: z.string().trim().min(1, 'Hours are required.').pipe(hoursOf<string>()),
  linkmap: z.string().trim().min(1, 'Map link is required.').pipe(createTrailSchema.shape.linkmap),
});
export type TrailFormInput = z.input<typeof trailFormSchema>;
