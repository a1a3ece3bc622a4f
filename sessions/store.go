// Package sessions stores tables, their players and games as an append-only
// event log, and rebuilds a table's state by replaying that log through the
// game's rules engine. The log lives in SQLite (one machine, the default) or
// in PostgreSQL (several servers on one database): Open chooses by the name
// it is given, and the two differ only in their dialect (db.go, sqlite.go,
// postgres.go).
package sessions

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"
)

// ErrNotFound means no table has the given id.
var ErrNotFound = errors.New("not found")

// Store holds the database. With SQLite, writes go through a single
// connection so there is exactly one writer (SQLite allows one anyway;
// queuing in Go is kinder than busy errors) and reads use a small pool
// that WAL lets run alongside. With PostgreSQL one pool serves both, and a
// write transaction locks the rows it depends on.
type Store struct {
	write *db
	read  *db
	d     dialect
	now   func() time.Time
	// stmts are read statements asked on every page view, prepared once
	// (query text → *sql.Stmt); see readStmt.
	stmts sync.Map
	// health is how the newest write fared in storage (WriteFailure).
	health writeHealth
	// importHook, if set, runs inside an import's transaction before it
	// commits (tests stop or kill the process there).
	importHook func()
	// snapshotHook, if set, runs inside a snapshot's transaction before
	// it commits (tests kill the process there).
	snapshotHook func()
	// groupState is SQLite's committer of appends (groupcommit.go).
	groupState
}

// Open opens the database db names: a PostgreSQL database for a
// postgres:// or postgresql:// URL (IsPostgres), else the SQLite file at
// that path (created if needed). Either way an acknowledged write survives
// a killed process or a power cut. It does not migrate; call Migrate.
func Open(db string) (*Store, error) {
	if IsPostgres(db) {
		return openPostgres(db)
	}
	s, err := openSQLite(db)
	if err == nil {
		s.watchFile()
	}
	return s, err
}

// Close closes the connection pools.
func (s *Store) Close() error {
	s.closeGroup()
	s.stmts.Range(func(_, st any) bool { st.(*sql.Stmt).Close(); return true })
	if s.read == s.write {
		return s.write.Close()
	}
	return errors.Join(s.write.Close(), s.read.Close())
}

// readStmt returns query prepared on the read pool, preparing it on first
// use: SQLite then skips parsing it on every page view. A query that
// cannot be prepared yet (before Migrate) is not kept.
func (s *Store) readStmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := s.stmts.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := s.read.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if old, loaded := s.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return old.(*sql.Stmt), nil
	}
	return st, nil
}

// Ping checks the database answers (used by the health check).
func (s *Store) Ping(ctx context.Context) error {
	return s.read.PingContext(ctx)
}

// Backup writes a consistent copy of an SQLite database to path while it
// is in use (VACUUM INTO reads one snapshot). A PostgreSQL database is
// copied with its own tools: the error says which (ErrBackupElsewhere).
func (s *Store) Backup(ctx context.Context, path string) error {
	return s.d.backup(ctx, s, path)
}

// ErrBackupElsewhere means the database is backed up with its own tools
// (pg_dump for PostgreSQL), not with Backup.
var ErrBackupElsewhere = errors.New("back a PostgreSQL database up with pg_dump (for example pg_dump --format=custom --file=tablemate.dump URL) and restore it with pg_restore")

func (s *Store) stamp() string {
	return s.now().UTC().Format(time.RFC3339Nano)
}
