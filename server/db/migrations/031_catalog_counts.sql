-- The number of packages, kept as rows come and go: the unfiltered list's total count is then
-- one row read instead of a scan of the whole catalogue (500,000 rows at the largest size).
CREATE TABLE catalog_counts (
  name TEXT PRIMARY KEY,
  n INTEGER NOT NULL
);
INSERT INTO catalog_counts (name, n) SELECT 'packages', COUNT(*) FROM catalog_packages;
CREATE TRIGGER catalog_packages_counted_in AFTER INSERT ON catalog_packages
BEGIN
  UPDATE catalog_counts SET n = n + 1 WHERE name = 'packages';
END;
CREATE TRIGGER catalog_packages_counted_out AFTER DELETE ON catalog_packages
BEGIN
  UPDATE catalog_counts SET n = n - 1 WHERE name = 'packages';
END;
