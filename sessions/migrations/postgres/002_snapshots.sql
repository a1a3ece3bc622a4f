-- Snapshots of tables (SQLite's 006_snapshots.sql says what they are).
CREATE TABLE table_snapshots (
    table_id  TEXT NOT NULL REFERENCES tables(id),
    part      INTEGER NOT NULL,
    from_head INTEGER NOT NULL,
    head      INTEGER NOT NULL,
    version   INTEGER NOT NULL,
    body      BYTEA NOT NULL,
    PRIMARY KEY (table_id, part)
);

-- Fewer index entries per event (SQLite's 006 says why).
DROP INDEX tables_by_update;
DROP INDEX events_by_token;
CREATE INDEX events_by_create_token ON events(client_token) WHERE kind = 'table_created' AND client_token IS NOT NULL;
