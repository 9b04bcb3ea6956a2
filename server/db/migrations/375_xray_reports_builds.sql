-- The builds a report was asked over (their names; a violations report lists what the watches
-- naming them found in them). Reports asked before chose repositories only.
ALTER TABLE xray_reports ADD COLUMN builds_json TEXT NOT NULL DEFAULT '[]';
