-- Each watch's violations by severity and type, versions' and git repositories' together, kept
-- as rows come and go in the transaction that changes them, whatever takes them (a scan, a
-- version or a repository deleted, an integration removed): the watches list and the violations
-- page's totals read these few rows, less what the ignore rules in force lift, instead of
-- counting up to 100,000 violations on each request.
CREATE TABLE xray_violation_counts (
  watch_name TEXT NOT NULL,
  severity TEXT NOT NULL,
  type TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (watch_name, severity, type)
);
INSERT INTO xray_violation_counts (watch_name, severity, type, n)
  SELECT watch_name, severity, type, SUM(n) FROM (
    SELECT watch_name, severity, type, COUNT(*) AS n FROM xray_violations GROUP BY watch_name, severity, type
    UNION ALL
    SELECT watch_name, severity, type, COUNT(*) AS n FROM xray_git_violations GROUP BY watch_name, severity, type
  ) counted GROUP BY watch_name, severity, type;

CREATE TRIGGER xray_violations_counted_in AFTER INSERT ON xray_violations
BEGIN
  INSERT INTO xray_violation_counts (watch_name, severity, type, n) VALUES (NEW.watch_name, NEW.severity, NEW.type, 1)
    ON CONFLICT (watch_name, severity, type) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER xray_violations_counted_out AFTER DELETE ON xray_violations
BEGIN
  UPDATE xray_violation_counts SET n = n - 1
    WHERE watch_name = OLD.watch_name AND severity = OLD.severity AND type = OLD.type;
END;
CREATE TRIGGER xray_violations_counted_again AFTER UPDATE OF watch_name, severity, type ON xray_violations
BEGIN
  UPDATE xray_violation_counts SET n = n - 1
    WHERE watch_name = OLD.watch_name AND severity = OLD.severity AND type = OLD.type;
  INSERT INTO xray_violation_counts (watch_name, severity, type, n) VALUES (NEW.watch_name, NEW.severity, NEW.type, 1)
    ON CONFLICT (watch_name, severity, type) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER xray_git_violations_counted_in AFTER INSERT ON xray_git_violations
BEGIN
  INSERT INTO xray_violation_counts (watch_name, severity, type, n) VALUES (NEW.watch_name, NEW.severity, NEW.type, 1)
    ON CONFLICT (watch_name, severity, type) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER xray_git_violations_counted_out AFTER DELETE ON xray_git_violations
BEGIN
  UPDATE xray_violation_counts SET n = n - 1
    WHERE watch_name = OLD.watch_name AND severity = OLD.severity AND type = OLD.type;
END;
CREATE TRIGGER xray_git_violations_counted_again AFTER UPDATE OF watch_name, severity, type ON xray_git_violations
BEGIN
  UPDATE xray_violation_counts SET n = n - 1
    WHERE watch_name = OLD.watch_name AND severity = OLD.severity AND type = OLD.type;
  INSERT INTO xray_violation_counts (watch_name, severity, type, n) VALUES (NEW.watch_name, NEW.severity, NEW.type, 1)
    ON CONFLICT (watch_name, severity, type) DO UPDATE SET n = n + 1;
END;
