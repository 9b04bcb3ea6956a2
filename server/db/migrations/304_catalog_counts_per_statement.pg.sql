-- 031's package count, counted once a statement instead of once a row (as 367 does for
-- violations): a row's trigger updating the one count row again and again in one transaction
-- leaves PostgreSQL a version of that row per package to walk through on each next update,
-- quadratic. Copying a 500,000-package catalogue in at a first start took hours so; inserted in
-- batches, each statement now writes the count row once.
DROP TRIGGER catalog_packages_counted_in ON catalog_packages;
DROP TRIGGER catalog_packages_counted_out ON catalog_packages;
DROP FUNCTION catalog_packages_count();

-- A statement that added or removed no package (an upsert that updated one, say) leaves the count
-- row alone, as the row triggers did: concurrent publishes of versions do not meet on it.
CREATE FUNCTION catalog_packages_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed BIGINT := (SELECT COUNT(*) FROM added);
BEGIN
  IF changed > 0 THEN
    UPDATE catalog_counts SET n = n + changed WHERE name = 'packages';
  END IF;
  RETURN NULL;
END;
$$;
CREATE FUNCTION catalog_packages_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed BIGINT := (SELECT COUNT(*) FROM removed);
BEGIN
  IF changed > 0 THEN
    UPDATE catalog_counts SET n = n - changed WHERE name = 'packages';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER catalog_packages_counted_in AFTER INSERT ON catalog_packages
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION catalog_packages_added();
CREATE TRIGGER catalog_packages_counted_out AFTER DELETE ON catalog_packages
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION catalog_packages_removed();
