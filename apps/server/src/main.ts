import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from './app.js';
import { connectDatabase, runMigrations } from './db/client.js';
import { DataDirInUseError, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './db/seed/seed.js';
import { readGpxPoints } from './trails/gpx.js';
import { saveTrailRoute } from './trails/trail-routes.js';
import { devInboxRuns, parseEnv } from './env.js';
import { createEventHub } from './events/hub.js';
import { installJobQueue } from './jobs/install.js';
import { startJobRunner } from './jobs/runner.js';
import { tripTokenKey } from './trips/tokens.js';
import { createLogger, requestLogController } from './logging.js';
import { startDevInbox } from './mail/dev-inbox.js';
import { createMailTransport } from './mail/index.js';
import { createSmsTransport } from './auth/phone/sms/transports.js';
import { resolveFromRoot } from './paths.js';
import { createPushSender } from './push/send.js';
import { pushEndpointPolicy } from './push/endpoints.js';
import { resolveAuthSecret, resolveVapidKeys } from './secret.js';
import { unsubscribeKey } from './notifications/unsubscribe-token.js';
import { createStorage } from './storage/index.js';

/** Creates the application database inside the embedded cluster on first start. */
async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

async function main() {
  const startedAt = performance.now();
  // Where the start goes, part by part (bench/startup.mjs reads the "ready in" line).
  // performance.now() counts from the process's start: before main() are Node, `npm start`'s
  // check for a stale build and the import of the server bundle and its packages.
  const phases: string[] = [`process+imports ${Math.round(startedAt)}`];
  let phaseStart = startedAt;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${Math.round(now - phaseStart)}`);
    phaseStart = now;
  };
  const env = parseEnv();
  const log = await createLogger(env);
  const dataDir = resolveFromRoot(env.DATA_DIR);
  // Production-required secrets are checked before anything starts.
  const authSecret = resolveAuthSecret(env, dataDir);
  const vapid = resolveVapidKeys(env, dataDir);
  const cleanups: (() => Promise<void>)[] = [];

  // The dev inbox loads while PostgreSQL starts: both take a moment, neither needs the other.
  const inboxStarting = devInboxRuns(env)
    ? startDevInbox({ smtpPort: env.DEV_INBOX_SMTP_PORT, webPort: env.DEV_INBOX_WEB_PORT, log, mailDirectory: join(dataDir, 'maildev') })
    : Promise.resolve(undefined);

  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) throw new Error('DATABASE_DIRECT_URL is set without DATABASE_URL.');
  let databaseUrl = env.DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir, port: env.EMBEDDED_PG_PORT, log: (m) => log.debug({ postgres: m.trim() }) });
    cleanups.push(() => embedded!.stop());
    await ensureDatabase(embedded.url('postgres'), 'trailbuddy');
    databaseUrl = embedded.url('trailbuddy');
  }
  phase('postgres');
  // Queries and transactions go through DATABASE_URL, which may be a transaction-pooling
  // PgBouncer; what needs a session of its own (migrations, LISTEN, the job queue's listener)
  // takes the direct URL (ADR 0014).
  const directDatabaseUrl = env.DATABASE_DIRECT_URL ?? databaseUrl;
  // The job queue's schema first: the application's migrations may move rows into it.
  await installJobQueue({ connectionString: directDatabaseUrl, log });
  await runMigrations(directDatabaseUrl);
  phase('migrations');
  // Named statements only on a connection to PostgreSQL itself, never through the pooler (ADR 0069).
  const database = connectDatabase(databaseUrl, { namedStatements: directDatabaseUrl === databaseUrl });
  cleanups.unshift(() => database.close());

  // Live events: this instance's LISTEN connection. Registered before the app's cleanup so it
  // closes after the app (cleanups run first to last, and unshift puts the app's first).
  const hub = createEventHub({ connectionString: directDatabaseUrl, db: database.db, log });
  cleanups.unshift(() => hub.close());
  await hub.ready;
  phase('listener');

  const storage = createStorage({
    storageDir: env.STORAGE_DIR ? resolveFromRoot(env.STORAGE_DIR) : join(dataDir, 'storage'),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
  });
  // Two lines of work that need nothing of each other run together (ADR 0063): the demo data (round
  // trips to PostgreSQL), then the job worker (after the seed, whose rows its jobs read), and the
  // app's construction (CPU: its plugins, routes and the web app's server entry). The listener
  // opens once all are done, so the first page already lists the demo trails.
  const concurrent: string[] = [];
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    const result = await step();
    concurrent.push(`${name} ${Math.round(performance.now() - began)}`);
    return result;
  };
  const seedAndWorker = async () => {
    const seeded = env.SEED_DEMO_DATA
      ? await timed('demo-data', () =>
          seedDemoData(database.db, storage, {
            now: new Date(),
            timeZone: env.TRAIL_TIME_ZONE,
            matches: env.SEED_DEMO_MATCHES,
            saveRoute: (trailId, file) => saveTrailRoute(database.db, storage, trailId, { file, points: readGpxPoints(file, 'file') }),
            // An empty database's demo users wait for Better Auth, built with the app below.
            authContext: async () => (await building).auth.$context,
          }),
        )
      : { seeded: false, trails: 0, users: 0, demoMatches: 0 };
    if (seeded.seeded) log.info(seeded, 'seeded demo data');
    else if (env.SEED_DEMO_DATA) log.debug(seeded, 'demo matches brought up to date');

    // With no mail service configured, mail goes to a local inbox a person can open.
    const inbox = await inboxStarting;
    if (inbox) cleanups.unshift(() => inbox.close());
    const smtpUrl = env.SMTP_URL ?? inbox?.smtpUrl;
    const transport = createMailTransport({ ...env, SMTP_URL: smtpUrl });
    // This instance's job worker (ADR 0011): mail and SMS delivery, match expiry, trail
    // recurrence and pruning. Every instance runs one; the queue hands each job to one of them.
    if (env.JOBS_ENABLED) {
      const jobs = await timed('worker', () =>
        startJobRunner({
          connectionString: directDatabaseUrl,
          db: database.db,
          log,
          timeZone: env.TRAIL_TIME_ZONE,
          mail: transport,
          sms: smsTransport,
          push: createPushSender({ vapid, endpoints: pushEndpointPolicy(env) }),
          storage,
          trips: {
            appUrl: env.APP_URL,
            timeZone: env.TRAIL_TIME_ZONE,
            tokenKey: tripTokenKey(authSecret),
            graceMs: env.TRIP_OVERDUE_AFTER_MIN * 60_000,
          },
          notificationMail: {
            delayMs: env.NOTIFICATION_MAIL_DELAY_S * 1000,
            sweepMs: env.NOTIFICATION_MAIL_SWEEP_S * 1000,
            appUrl: env.APP_URL,
            unsubscribeKey: unsubscribeKey(authSecret),
          },
        }),
      );
      cleanups.unshift(() => jobs.stop());
    }
    return inbox;
  };
  // SMS (phone sign-in codes): the webhook gateway, else the development inbox at /dev/sms.
  const smsTransport = createSmsTransport(env, database.db);
  const building = timed('app', () =>
    buildApp({
      env,
      db: database.db,
      storage,
      authSecret,
      vapidPublicKey: vapid.publicKey,
      events: hub,
      revocations: hub,
      logger: log,
      logController: requestLogController(env),
    }),
  );
  const [inbox, app] = await Promise.all([seedAndWorker(), building]);
  const inboxUrl = inbox?.webUrl;
  phase(`demo-data+worker+app [${concurrent.join(', ')}]`);
  cleanups.unshift(() => app.close());
  await app.listen({ host: env.HOST, port: env.PORT });
  phase('listen');

  const lines = [
    '',
    `  TrailBuddy is running at ${env.APP_URL}  (ready in ${Math.round(performance.now() - startedAt)} ms after its imports; ${phases.join(', ')} ms)`,
    `  API docs:   ${new URL('/api/docs', env.APP_URL).toString()}`,
    inboxUrl
      ? `  Dev inbox:  ${inboxUrl}  (every e-mail the app sends lands here)`
      : `  Mail:       ${env.EMAILJS_SERVICE_ID ? 'EmailJS' : 'SMTP'}`,
    smsTransport?.kind === 'dev-inbox'
      ? `  SMS inbox:  ${new URL('/dev/sms', env.APP_URL).toString()}  (every text message the app sends lands here)`
      : `  SMS:        ${smsTransport ? 'webhook (SMS_WEBHOOK_URL)' : 'off (set SMS_WEBHOOK_URL for phone sign-in)'}`,
    `  Database:   ${embedded ? `embedded PostgreSQL in ${join(dataDir, 'postgres')}` : env.DATABASE_DIRECT_URL ? 'DATABASE_URL (sessions: DATABASE_DIRECT_URL)' : 'DATABASE_URL'}`,
  ];
  if (env.SEED_DEMO_DATA) {
    lines.push('', `  Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const u of DEMO_USERS) lines.push(`    ${u.email.padEnd(26)} ${env.ADMIN_EMAILS.includes(u.email) ? 'administrator' : u.name}`);
  }
  console.log(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    for (const cleanup of cleanups) await cleanup().catch((err: unknown) => log.error({ err }, 'shutdown step failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof DataDirInUseError) console.error(`\n  ${err.message}\n`);
  else console.error(err);
  process.exit(1);
});
