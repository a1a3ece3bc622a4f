-- Tables and their append-only event log. A table's state is never stored:
-- it is rebuilt by replaying its events through the game's engine.
CREATE TABLE tables (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    name       TEXT NOT NULL,
    head       INTEGER NOT NULL DEFAULT 0,   -- seq of the newest event
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE INDEX tables_by_update ON tables(updated_at DESC);

CREATE TABLE events (
    table_id     TEXT NOT NULL REFERENCES tables(id),
    seq          INTEGER NOT NULL,
    kind         TEXT NOT NULL,
    payload      TEXT NOT NULL,
    client_token TEXT,                       -- idempotency key of the form that sent it
    created_at   TEXT NOT NULL,
    PRIMARY KEY (table_id, seq),
    UNIQUE (table_id, client_token)
) WITHOUT ROWID;

-- The log is append-only: history, undo and replay of a disputed game all
-- depend on no event ever changing.
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

-- Finds the table a repeated "create table" form already made.
CREATE INDEX events_by_token ON events(client_token) WHERE client_token IS NOT NULL;
