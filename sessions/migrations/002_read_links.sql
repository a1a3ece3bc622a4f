-- A second, read-only capability link per table: spectators can follow a
-- table without being able to write to it.
ALTER TABLE tables ADD COLUMN read_id TEXT;
UPDATE tables SET read_id = lower(hex(randomblob(16))) WHERE read_id IS NULL;
CREATE UNIQUE INDEX tables_by_read_id ON tables(read_id);
