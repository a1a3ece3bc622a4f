-- Snapshots of tables: what replaying a table's log builds (its games
-- scored, each event's facts, the events an undo may take back), kept
-- beside the log so a table nobody has opened since a restart is read
-- from its snapshot and the events after it instead of replayed from its
-- first event. Like table_summaries it is a cache of the log, never the
-- truth: a snapshot is read only when its version is the code's, its
-- checksum holds and the event at its head is the log's; anything else
-- is replayed from the log and snapshotted again.
--
-- A table's snapshot is parts: part 0 the whole table at its head, each
-- next part what changed from the head before (from_head) to its own.
CREATE TABLE table_snapshots (
    table_id  TEXT NOT NULL REFERENCES tables(id),
    part      INTEGER NOT NULL,
    from_head INTEGER NOT NULL,
    head      INTEGER NOT NULL,
    version   INTEGER NOT NULL,
    body      BLOB NOT NULL,
    PRIMARY KEY (table_id, part)
);

-- Fewer pages written per event. No query reads tables in the order they
-- changed (the lists of a phone's tables look them up by their links),
-- and the one-time tokens of events are looked up per table (the UNIQUE
-- index of table and token); across tables only a table's first event's
-- token is (a repeated "create table" form).
DROP INDEX tables_by_update;
DROP INDEX events_by_token;
CREATE INDEX events_by_create_token ON events(client_token) WHERE kind = 'table_created' AND client_token IS NOT NULL;
