-- Tablemate's schema for PostgreSQL: the schema SQLite's migrations 001–005
-- arrived at (see ../NNN_*.sql for why each part is there), in one step.
-- Text that SQLite compares byte by byte is COLLATE "C" here, so lists
-- sort the same whatever the database's locale; league members' names
-- compare without case, as SQLite's NOCASE does.
CREATE COLLATION nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);

-- Tables and their append-only event log. A table's state is never stored:
-- it is rebuilt by replaying its events through the game's engine. The
-- links in use (edit_link, read_id: the view-only link) and their
-- generations are on the table's row; every link ever given out is in
-- links.
CREATE TABLE tables (
    id         TEXT COLLATE "C" PRIMARY KEY,
    game       TEXT COLLATE "C" NOT NULL,
    name       TEXT COLLATE "C" NOT NULL,
    head       INTEGER NOT NULL DEFAULT 0,   -- seq of the newest event
    created_at TEXT COLLATE "C" NOT NULL,
    updated_at TEXT COLLATE "C" NOT NULL,
    read_id    TEXT COLLATE "C",
    edit_link  TEXT COLLATE "C",
    edit_gen   INTEGER NOT NULL DEFAULT 1,
    view_gen   INTEGER NOT NULL DEFAULT 1
);

CREATE INDEX tables_by_update ON tables(updated_at DESC);
CREATE UNIQUE INDEX tables_by_read_id ON tables(read_id);
CREATE UNIQUE INDEX tables_by_edit_link ON tables(edit_link);

CREATE TABLE events (
    table_id     TEXT COLLATE "C" NOT NULL REFERENCES tables(id),
    seq          INTEGER NOT NULL,
    kind         TEXT COLLATE "C" NOT NULL,
    payload      TEXT NOT NULL,
    client_token TEXT COLLATE "C",           -- idempotency key of the form that sent it
    created_at   TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (table_id, seq),
    UNIQUE (table_id, client_token)
);

-- Finds the table a repeated "create table" form already made.
CREATE INDEX events_by_token ON events(client_token) WHERE client_token IS NOT NULL;

-- The log and the links are append-only: history, undo and replay of a
-- disputed game depend on no event ever changing, and a replaced link must
-- stay known as replaced. TRUNCATE skips row triggers, so it is refused
-- too.
CREATE FUNCTION tablemate_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% are append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION tablemate_append_only();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION tablemate_append_only();

-- Leagues: a season over many tables. The public id shows standings; the
-- admin link in use (admin_id keeps the first; links decides) changes it.
CREATE TABLE leagues (
    id         TEXT COLLATE "C" PRIMARY KEY,
    admin_id   TEXT COLLATE "C" NOT NULL UNIQUE,
    name       TEXT COLLATE "C" NOT NULL,
    scheme     TEXT COLLATE "C" NOT NULL,            -- placing, total, wins, elo
    points     TEXT COLLATE "C" NOT NULL DEFAULT '', -- placing points, e.g. 3/2/1/0
    created_at TEXT COLLATE "C" NOT NULL,
    admin_gen  INTEGER NOT NULL DEFAULT 1
);

-- Members are the league's lasting player identities. A member merged into
-- another counts as that one everywhere (the same person entered twice).
CREATE TABLE league_members (
    league_id   TEXT COLLATE "C" NOT NULL REFERENCES leagues(id),
    name        TEXT COLLATE nocase NOT NULL,
    emoji       TEXT COLLATE "C" NOT NULL DEFAULT '',
    merged_into TEXT COLLATE nocase,
    PRIMARY KEY (league_id, name)
);

CREATE TABLE league_tables (
    league_id TEXT COLLATE "C" NOT NULL REFERENCES leagues(id),
    table_id  TEXT COLLATE "C" NOT NULL REFERENCES tables(id),
    added_at  TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (league_id, table_id)
);

-- Capability links apart from what they open: every link ever given out,
-- never changed or deleted. Replacing a link adds its next generation here
-- and points the owner at it, in one transaction.
CREATE TABLE links (
    id           TEXT COLLATE "C" PRIMARY KEY,   -- what the URL carries
    owner        TEXT COLLATE "C" NOT NULL,      -- tables.id (edit, view) or leagues.id (admin)
    role         TEXT COLLATE "C" NOT NULL CHECK (role IN ('edit', 'view', 'admin')),
    gen          INTEGER NOT NULL CHECK (gen >= 1),
    client_token TEXT COLLATE "C",               -- one-time token of the form that made it
    created_at   TEXT COLLATE "C" NOT NULL,
    UNIQUE (owner, role, gen),
    UNIQUE (owner, role, client_token)
);

CREATE TRIGGER links_no_update BEFORE UPDATE OR DELETE ON links
    FOR EACH ROW EXECUTE FUNCTION tablemate_append_only();
CREATE TRIGGER links_no_truncate BEFORE TRUNCATE ON links
    FOR EACH STATEMENT EXECUTE FUNCTION tablemate_append_only();

-- What lists of tables show of a table, kept so they need not replay it;
-- right only for the head it was made at and the code that made it.
CREATE TABLE table_summaries (
    table_id TEXT COLLATE "C" PRIMARY KEY REFERENCES tables(id),
    head     INTEGER NOT NULL,
    deriver  TEXT COLLATE "C" NOT NULL,
    card     TEXT NOT NULL,
    games    TEXT
);

-- What a league's page computes from its tables' games, kept for one
-- version of the league.
CREATE TABLE league_stats (
    league_id TEXT COLLATE "C" PRIMARY KEY REFERENCES leagues(id),
    version   TEXT COLLATE "C" NOT NULL,
    body      TEXT NOT NULL
);
