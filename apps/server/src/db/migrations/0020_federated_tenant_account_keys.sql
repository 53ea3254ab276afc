-- ADR 0042: Better Auth finds a provider account by provider id and account id alone, so a
-- tenant's federated account (provider ids with a dot: google.com, oidc.*, saml.*) carries its
-- tenant in the account id, as identity/federated/accounts.ts (federatedAccountId) writes it.
UPDATE "accounts"
SET "account_id" = "tenant_id" || ':' || "account_id"
WHERE "tenant_id" IS NOT NULL
  AND "provider_id" LIKE '%.%'
  AND "account_id" NOT LIKE "tenant_id" || ':%';
