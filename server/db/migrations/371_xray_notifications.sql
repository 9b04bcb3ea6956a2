-- The notifications that violations found under a rule with the notify action owe: written in the
-- transaction that stores the violation (an outbox), then sent to the scans settings' webhook.
-- status: pending (to send at next_attempt), sending (claimed by a node until next_attempt),
-- sent, failed (given up after its attempts), ignored (an ignore rule lifted the violation
-- before it was sent), unsent (no webhook was set when it was due).
CREATE TABLE xray_notifications (
  id INTEGER PRIMARY KEY,
  created TEXT NOT NULL,
  -- A version's id, or a git repository's `git://<integration>/<repository>`.
  resource TEXT NOT NULL,
  watch_name TEXT NOT NULL,
  policy_name TEXT NOT NULL,
  rule_name TEXT NOT NULL,
  type TEXT NOT NULL,
  issue TEXT NOT NULL,
  component TEXT NOT NULL,
  severity TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt TEXT NOT NULL,
  claim TEXT,
  last_error TEXT,
  sent_at TEXT
);
CREATE INDEX xray_notifications_due ON xray_notifications(status, next_attempt, id);
CREATE INDEX xray_notifications_created ON xray_notifications(created, id);
