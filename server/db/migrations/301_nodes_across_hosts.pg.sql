-- PostgreSQL's twin of 301_nodes_across_hosts.sql: the budgets' table is UNLOGGED, so a take (a
-- write per metadata query) commits without waiting for the disk; a crash empties it, and a
-- caller whose bucket is gone starts with a full one, as after a while without queries.
ALTER TABLE cluster_nodes ADD COLUMN url TEXT;

CREATE UNLOGGED TABLE graphql_budgets (
  caller TEXT PRIMARY KEY,
  tokens DOUBLE PRECISION NOT NULL,
  at_ms BIGINT NOT NULL,
  admitted BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX graphql_budgets_at ON graphql_budgets(at_ms);
