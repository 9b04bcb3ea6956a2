-- The rescan an import of advisories asked for, as it goes: waiting (behind a run already
-- going), running (versions scanned so far of those indexed when it began), done or failed (with
-- why), so the Advisory Database page shows the rescan's progress and not only the import's
-- result. NULL where no rescan was asked (the scans settings turn it off).
ALTER TABLE xray_imports ADD COLUMN rescan_status TEXT;
ALTER TABLE xray_imports ADD COLUMN rescan_scanned INTEGER;
ALTER TABLE xray_imports ADD COLUMN rescan_total INTEGER;
ALTER TABLE xray_imports ADD COLUMN rescan_finished TEXT;
ALTER TABLE xray_imports ADD COLUMN rescan_error TEXT;
