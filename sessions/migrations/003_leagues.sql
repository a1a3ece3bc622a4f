-- Leagues: a season over many tables. The public id shows standings; the
-- admin id (a separate capability link) changes the league.
CREATE TABLE leagues (
    id         TEXT PRIMARY KEY,
    admin_id   TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    scheme     TEXT NOT NULL,            -- placing, total, wins, elo
    points     TEXT NOT NULL DEFAULT '', -- placing points, e.g. 3/2/1/0
    created_at TEXT NOT NULL
);

-- Members are the league's lasting player identities. A member merged into
-- another counts as that one everywhere (the same person entered twice).
CREATE TABLE league_members (
    league_id   TEXT NOT NULL REFERENCES leagues(id),
    name        TEXT NOT NULL COLLATE NOCASE,
    emoji       TEXT NOT NULL DEFAULT '',
    merged_into TEXT COLLATE NOCASE,
    PRIMARY KEY (league_id, name)
) WITHOUT ROWID;

CREATE TABLE league_tables (
    league_id TEXT NOT NULL REFERENCES leagues(id),
    table_id  TEXT NOT NULL REFERENCES tables(id),
    added_at  TEXT NOT NULL,
    PRIMARY KEY (league_id, table_id)
) WITHOUT ROWID;
