import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.js';
import type { EventHub } from '../events/types.js';
import type { IdentitySettings } from '../auth/settings.js';
import type { TrailListCache } from '../trails/trail-list-cache.js';
import type { FileStorage } from '../storage/storage.js';

/** What every route module receives: the services' dependencies, never read from globals. */
export interface RouteDeps {
  db: Db;
  storage: FileStorage;
  adminEmails: readonly string[];
  uploadMaxBytes: number;
  /** Most pixels an uploaded image may declare (UPLOAD_MAX_MEGAPIXELS), checked before decoding. */
  uploadMaxPixels: number;
  timeZone: string;
  now: () => Date;
  /** The live-event hub, when this instance serves SSE streams. */
  events?: EventHub;
  /** The public trail list, shared by GET /api/trails and the page renderer. */
  trailList: TrailListCache;
  identity: IdentitySettings;
  /** Notifications (ADR 0025): the key of the mails' one-click unsubscribe tokens. */
  notifications: { unsubscribeKey: Buffer };
}

export type RouteModule = (app: FastifyInstance, deps: RouteDeps) => Promise<void> | void;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
