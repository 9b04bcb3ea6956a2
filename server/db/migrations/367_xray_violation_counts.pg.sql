-- PostgreSQL's twin of 367_xray_violation_counts.sql. Its triggers run once a statement over the
-- rows it changed: a row's trigger updating one count row again and again in one transaction (a
-- scan run's batch, a cascade, 100,000 violations stored at once) leaves PostgreSQL a version of
-- that row per update to walk through on each next one, quadratic; a statement's does it once.
-- A transition table goes with one event, hence a trigger per event.
CREATE TABLE xray_violation_counts (
  watch_name TEXT NOT NULL,
  severity TEXT NOT NULL,
  type TEXT NOT NULL,
  n BIGINT NOT NULL,
  PRIMARY KEY (watch_name, severity, type)
);
INSERT INTO xray_violation_counts (watch_name, severity, type, n)
  SELECT watch_name, severity, type, SUM(n) FROM (
    SELECT watch_name, severity, type, COUNT(*) AS n FROM xray_violations GROUP BY watch_name, severity, type
    UNION ALL
    SELECT watch_name, severity, type, COUNT(*) AS n FROM xray_git_violations GROUP BY watch_name, severity, type
  ) counted GROUP BY watch_name, severity, type;

CREATE FUNCTION xray_violations_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO xray_violation_counts (watch_name, severity, type, n)
    SELECT watch_name, severity, type, COUNT(*) FROM added GROUP BY watch_name, severity, type
    ON CONFLICT (watch_name, severity, type) DO UPDATE SET n = xray_violation_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
CREATE FUNCTION xray_violations_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE xray_violation_counts c SET n = c.n - r.n
    FROM (SELECT watch_name, severity, type, COUNT(*) AS n FROM removed GROUP BY watch_name, severity, type) r
    WHERE c.watch_name = r.watch_name AND c.severity = r.severity AND c.type = r.type;
  RETURN NULL;
END;
$$;
-- An update takes its rows out of their old counts and into their new ones (the same, unless
-- their watch, severity or type changed).
CREATE FUNCTION xray_violations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE xray_violation_counts c SET n = c.n - r.n
    FROM (SELECT watch_name, severity, type, COUNT(*) AS n FROM removed GROUP BY watch_name, severity, type) r
    WHERE c.watch_name = r.watch_name AND c.severity = r.severity AND c.type = r.type;
  INSERT INTO xray_violation_counts (watch_name, severity, type, n)
    SELECT watch_name, severity, type, COUNT(*) FROM added GROUP BY watch_name, severity, type
    ON CONFLICT (watch_name, severity, type) DO UPDATE SET n = xray_violation_counts.n + excluded.n;
  RETURN NULL;
END;
$$;

CREATE TRIGGER xray_violations_counted_in AFTER INSERT ON xray_violations
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION xray_violations_added();
CREATE TRIGGER xray_violations_counted_out AFTER DELETE ON xray_violations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION xray_violations_removed();
CREATE TRIGGER xray_violations_counted_again AFTER UPDATE ON xray_violations
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION xray_violations_changed();
CREATE TRIGGER xray_git_violations_counted_in AFTER INSERT ON xray_git_violations
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION xray_violations_added();
CREATE TRIGGER xray_git_violations_counted_out AFTER DELETE ON xray_git_violations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION xray_violations_removed();
CREATE TRIGGER xray_git_violations_counted_again AFTER UPDATE ON xray_git_violations
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION xray_violations_changed();
