-- Work one node of the platform does at a time (the advisory import's schedule): the node holding
-- a lease renews it before it expires; any other takes it once it has expired (its holder died or
-- lost the database). Times are each node's clock, in ms since the epoch.
CREATE TABLE leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_ms INTEGER NOT NULL
);
