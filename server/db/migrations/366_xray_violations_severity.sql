-- The violations page filtered by a severity, newest first: counted from this index alone, and
-- its first page read in date order, instead of reading all 100,000 violations for both.
CREATE INDEX xray_violations_severity ON xray_violations(severity, created, id);
