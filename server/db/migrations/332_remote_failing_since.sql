-- When a remote's upstream began failing, unbroken by a success since: an npm client asking for
-- what is not cached while it has failed for a while is told at once that it is down (a status
-- npm does not retry), instead of after its ~76 s of retries
-- (docs/decisions/2026-12-05-uncached-package-upstream-down.md).
ALTER TABLE remote_state ADD COLUMN failing_since TEXT;
