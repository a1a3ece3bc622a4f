-- What lists of tables show of a table, kept so they need not replay it:
-- its card for the history page (players, games played, leaders, when it
-- last changed) and, for leagues, its finished, valid games with each
-- player's total (NULL until a league asks for them). A summary is a cache
-- derived from the table's log: it is right only for the head it was made
-- at and the code that made it (deriver); any other is made again from the
-- log.
CREATE TABLE table_summaries (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    head     INTEGER NOT NULL,
    deriver  TEXT NOT NULL,
    card     TEXT NOT NULL,
    games    TEXT
) WITHOUT ROWID;

-- What a league's page computes from its tables' games (standings, per
-- game, distributions), kept for one version of the league: the number of
-- its tables and the sum of their heads, its members, and the build that
-- computed it. Any other version computes it again from the summaries.
CREATE TABLE league_stats (
    league_id TEXT PRIMARY KEY REFERENCES leagues(id),
    version   TEXT NOT NULL,
    body      TEXT NOT NULL
) WITHOUT ROWID;
