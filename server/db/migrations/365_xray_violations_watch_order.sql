-- The violations page filtered by a watch, newest first: with the watch's rows in date order
-- SQLite reads the first page's 25 instead of sorting the watch's 25,000 of 100,000 (60 ms to
-- 0.1 ms). Looking violations up by watch still starts with its name.
DROP INDEX xray_violations_watch;
CREATE INDEX xray_violations_watch ON xray_violations(watch_name, created, id);
