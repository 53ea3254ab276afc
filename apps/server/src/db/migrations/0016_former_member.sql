-- "Former member" (ADR 0034): the one placeholder person that stands in for every deleted account
-- in what must stay for the others (a past hike, the partner's feedback about it, the thread).
-- Disabled and without a credential, so nobody can ever sign in as it; no profile, so it is never
-- a Best Matches candidate.
INSERT INTO "users" ("id", "name", "email", "email_verified", "disabled")
VALUES ('former-member', 'Former member', 'former-member@trailbuddy.invalid', false, true)
ON CONFLICT ("id") DO NOTHING;
