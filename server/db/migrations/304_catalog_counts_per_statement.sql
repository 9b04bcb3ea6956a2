-- PostgreSQL alone changes here (304_catalog_counts_per_statement.pg.sql): SQLite updates a row
-- in place, so its per-row triggers of 031 cost the same for every package.
SELECT 1;
