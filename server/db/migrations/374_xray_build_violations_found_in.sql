-- Which version of a build a violation of the build was found in (a catalogue version's id), so
-- its details name the artifact as a version's violation does. Rows stored before have none
-- until the build is judged again. No foreign key: a version's deletion would then have to look
-- through these rows for each version deleted.
ALTER TABLE xray_build_violations ADD COLUMN found_in TEXT;
