-- Nodes on several hosts.

-- Where a node answers the others: a node on another host reads its log files through it.
ALTER TABLE cluster_nodes ADD COLUMN url TEXT;

-- Metadata query budgets, one bucket per caller shared by every node (a budget per node is one a
-- caller multiplies by spreading its queries). `tokens` as of `at_ms`; `admitted` is what the
-- last take decided, read back by the statement that took.
CREATE TABLE graphql_budgets (
  caller TEXT PRIMARY KEY,
  tokens REAL NOT NULL,
  at_ms INTEGER NOT NULL,
  admitted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX graphql_budgets_at ON graphql_budgets(at_ms);
