-- Violations the watches naming a build find in the versions it holds: stored as a version's and
-- a git repository's are (gone with the build), so the Violations page lists them, the Watches
-- page counts them, an ignore rule scoped to the build (`build://name/number`) lifts them and a
-- rule with the notify action notifies them. Before, a build's were worked out only to fail it.
CREATE TABLE xray_build_violations (
  id INTEGER PRIMARY KEY,
  build_id INTEGER NOT NULL REFERENCES catalog_builds(id) ON DELETE CASCADE,
  watch_name TEXT NOT NULL,
  policy_name TEXT NOT NULL,
  rule_name TEXT NOT NULL,
  type TEXT NOT NULL,
  issue TEXT NOT NULL,
  component TEXT NOT NULL,
  severity TEXT NOT NULL,
  block_download INTEGER NOT NULL,
  fail_build INTEGER NOT NULL,
  notify INTEGER NOT NULL,
  created TEXT NOT NULL,
  UNIQUE (build_id, watch_name, policy_name, rule_name, issue, component)
);
CREATE INDEX xray_build_violations_created ON xray_build_violations(created, id);

-- Counted per watch with the others (367_xray_violation_counts.sql).
CREATE TRIGGER xray_build_violations_counted_in AFTER INSERT ON xray_build_violations
BEGIN
  INSERT INTO xray_violation_counts (watch_name, severity, type, n) VALUES (NEW.watch_name, NEW.severity, NEW.type, 1)
    ON CONFLICT (watch_name, severity, type) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER xray_build_violations_counted_out AFTER DELETE ON xray_build_violations
BEGIN
  UPDATE xray_violation_counts SET n = n - 1
    WHERE watch_name = OLD.watch_name AND severity = OLD.severity AND type = OLD.type;
END;
CREATE TRIGGER xray_build_violations_counted_again AFTER UPDATE OF watch_name, severity, type ON xray_build_violations
BEGIN
  UPDATE xray_violation_counts SET n = n - 1
    WHERE watch_name = OLD.watch_name AND severity = OLD.severity AND type = OLD.type;
  INSERT INTO xray_violation_counts (watch_name, severity, type, n) VALUES (NEW.watch_name, NEW.severity, NEW.type, 1)
    ON CONFLICT (watch_name, severity, type) DO UPDATE SET n = n + 1;
END;
