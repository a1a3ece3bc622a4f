-- A base part of a table's snapshot is kept as its front (body: what
-- loading a table and a table page read) and its rest (a long table's
-- older chunks and games, read only when a page first reads one), so a
-- table loaded after a restart reads about the same bytes at any length.
-- The column is last in the row: reading body does not read it. Parts
-- since a base have no rest (NULL).
ALTER TABLE table_snapshots ADD COLUMN rest BLOB;
