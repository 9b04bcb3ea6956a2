-- When the node running (or holding, waiting) an import's rescan last said it was still at it:
-- renewed after every batch, so a rescan whose node died mid-run is told apart from a long one.
-- Read on the platform's clock, a waiting or running rescan whose heartbeat is older than the
-- lease (server/xray/store.ts, RESCAN_LEASE_MS) reads as failed, interrupted, and can be retried.
-- NULL for rows written before it: a rescan still waiting or running then reads as interrupted.
ALTER TABLE xray_imports ADD COLUMN rescan_heartbeat TEXT;
