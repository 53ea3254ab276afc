-- Tenants (ADR 0009). An account row belongs to the tenant of its user: the database copies it, so
-- no insert (Better Auth's or ours) can forget it, and the unique (provider, subject, tenant) index
-- of 0007 always sees the right tenant.
CREATE FUNCTION accounts_tenant_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tenant_id := (SELECT tenant_id FROM users WHERE id = NEW.user_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER accounts_tenant_of_user BEFORE INSERT OR UPDATE OF user_id, tenant_id ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_tenant_of_user();--> statement-breakpoint
-- A user never changes tenant: its accounts, e-mail and number were checked against that tenant.
CREATE FUNCTION users_tenant_is_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tenant_id IS DISTINCT FROM OLD.tenant_id THEN
    RAISE EXCEPTION 'users.tenant_id cannot change (user %)', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_tenant_is_fixed BEFORE UPDATE OF tenant_id ON users
  FOR EACH ROW EXECUTE FUNCTION users_tenant_is_fixed();
