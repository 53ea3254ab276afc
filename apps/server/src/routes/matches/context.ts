import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../policies/session.js';
import type { MatchContext } from '../../matches/matches.js';
import type { RouteDeps } from '../types.js';

/** Who is asking and when: what every match service takes (the session is checked here). */
export const matchContextOf =
  (deps: RouteDeps) =>
  async (req: FastifyRequest): Promise<MatchContext> => ({
    userId: (await requireUser(req)).id,
    now: deps.now(),
    timeZone: deps.timeZone,
  });
