-- The clash notifications migration 0028 wrote (two confirmed hikes of one person overlapping on
-- different trails, ADR 0054) reached the app only: a migration cannot render a mail or a push.
-- The job queue sends them on the person's other channels, as their preferences and the table of
-- notification kinds say (notifications/waiting-channels.ts, ADR 0067). One job, and only when
-- there is anything to send. The queue's schema is installed before these migrations run.
SELECT graphile_worker.add_job(
    identifier => 'send_waiting_notifications',
    payload => json_build_object('kind', 'hike-clash'),
    max_attempts => 10,
    job_key => 'send_waiting_notifications:hike-clash')
  WHERE EXISTS (SELECT 1 FROM "notifications" WHERE "kind" = 'hike-clash' AND "mail_status" = 'none');
