-- A base part's older chunks and games (SQLite's 007_snapshot_rest.sql
-- says why).
ALTER TABLE table_snapshots ADD COLUMN rest BYTEA;
