// Package sessions stores tables, their players and games as an append-only
// event log in SQLite, and rebuilds a table's state by replaying that log
// through the game's rules engine.
package sessions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

// ErrNotFound means no table has the given id.
var ErrNotFound = errors.New("not found")

// Store holds the database. Writes go through a single connection so there
// is exactly one writer (SQLite allows one anyway; queuing in Go is kinder
// than busy errors); reads use a small pool that WAL lets run alongside.
type Store struct {
	write *sql.DB
	read  *sql.DB
	now   func() time.Time
	// stmts are read statements asked on every page view, prepared once
	// (query text → *sql.Stmt); see readStmt.
	stmts sync.Map
	// health is how the newest write fared in storage (WriteFailure).
	health writeHealth
	// importHook, if set, runs inside an import's transaction before it
	// commits (tests stop or kill the process there).
	importHook func()
}

// Open opens (creating if needed) the SQLite database at path in WAL mode
// with foreign keys, a busy timeout and full fsync on commit, so an
// acknowledged write survives a killed process or a power cut. It does not
// migrate; call Migrate.
func Open(path string) (*Store, error) {
	w, err := sql.Open("sqlite3", dsn(path, "immediate"))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxLifetime(0)
	r, err := sql.Open("sqlite3", dsn(path, "deferred"))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	s := &Store{write: w, read: r, now: time.Now}
	// Touch the writer first so WAL mode is set before readers connect.
	if err := w.Ping(); err != nil {
		s.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return s, nil
}

func dsn(path, txlock string) string {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", "5000")
	q.Set("_synchronous", "FULL")
	q.Set("_txlock", txlock)
	return "file:" + path + "?" + q.Encode()
}

// Close closes both connection pools.
func (s *Store) Close() error {
	s.stmts.Range(func(_, st any) bool { st.(*sql.Stmt).Close(); return true })
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

// Backup writes a consistent copy of the database to path while it is in
// use (VACUUM INTO reads one snapshot).
func (s *Store) Backup(ctx context.Context, path string) error {
	if _, err := s.read.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("backup to %s: %w", path, err)
	}
	return nil
}

func (s *Store) stamp() string {
	return s.now().UTC().Format(time.RFC3339Nano)
}
