-- A version document's revision, counted up each time it is replaced (a deprecation): the
-- package documents built from it are kept while their versions' revisions stand, and a
-- replacement within the same instant, of the same length, is still seen.
ALTER TABLE npm_version_documents ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
