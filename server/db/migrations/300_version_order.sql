-- The catalogue's version order in SQL (server/db/sqlFunctions.ts): on SQLite its functions are
-- JavaScript, registered on each connection, so nothing is stored here; PostgreSQL stores its
-- own (300_version_order.pg.sql).
SELECT 1;
