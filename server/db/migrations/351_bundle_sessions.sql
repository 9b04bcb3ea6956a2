-- A support bundle may carry the console session of the admin who made it (its redacted event
-- log, kept beside the zip): how many events it holds, NULL when it carries none.
ALTER TABLE support_bundles ADD COLUMN session_events INTEGER;
