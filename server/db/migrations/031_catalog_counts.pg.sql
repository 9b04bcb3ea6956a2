-- PostgreSQL's twin of 031_catalog_counts.sql: its triggers call a function.
CREATE TABLE catalog_counts (
  name TEXT PRIMARY KEY,
  n BIGINT NOT NULL
);
INSERT INTO catalog_counts (name, n) SELECT 'packages', COUNT(*) FROM catalog_packages;
CREATE FUNCTION catalog_packages_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_counts SET n = n + (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END) WHERE name = 'packages';
  RETURN NULL;
END;
$$;
CREATE TRIGGER catalog_packages_counted_in AFTER INSERT ON catalog_packages
  FOR EACH ROW EXECUTE FUNCTION catalog_packages_count();
CREATE TRIGGER catalog_packages_counted_out AFTER DELETE ON catalog_packages
  FOR EACH ROW EXECUTE FUNCTION catalog_packages_count();
