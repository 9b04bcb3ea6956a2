-- The key nodes sign their calls to each other with (a node reading another host's log files
-- through it), made by whichever node asks first. Every node reads it from the database they
-- share; whoever reads this database can already act as any user, so it adds no reach.
ALTER TABLE cluster_info ADD COLUMN node_key TEXT;
