-- What leagues need of each table, kept so a league's page does not replay
-- every table it counts: the finished, valid games with each player's
-- total. A summary is a cache derived from the table's log: it is right
-- only for the head it was made at and the code that made it (deriver);
-- any other is made again from the log.
CREATE TABLE table_summaries (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    head     INTEGER NOT NULL,
    deriver  TEXT NOT NULL,
    body     TEXT NOT NULL
) WITHOUT ROWID;
