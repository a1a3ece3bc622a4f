package sessions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

// sqlite is the dialect of an SQLite file: one machine. Every write
// transaction begins IMMEDIATE and so holds the database's write lock from
// its first statement: writes of all processes on the file run one after
// the other, and nothing a transaction read can change before it commits.
type sqlite struct {
	path string
	// file is the file opened, watched for being deleted or replaced
	// (selfcheck.go).
	file *fileWatch
}

// openSQLite opens (creating if needed) the SQLite database at path in
// WAL mode with foreign keys, a busy timeout and full fsync on commit.
func openSQLite(path string) (*Store, error) {
	d := sqlite{path: path, file: &fileWatch{path: path}}
	w, err := sql.Open("sqlite3", sqliteDSN(path, "immediate"))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxLifetime(0)
	r, err := sql.Open("sqlite3", sqliteDSN(path, "deferred"))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	// All four stay open: with database/sql's default of two idle, a
	// burst of readers closed the others and opened them again later,
	// each opening setting its pragmas and preparing its statements anew.
	r.SetMaxIdleConns(4)
	s := &Store{write: &db{w, d}, read: &db{r, d}, d: d, now: time.Now}
	// Touch the writer first so WAL mode is set before readers connect.
	if err := pingSQLite(w); err != nil {
		s.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return s, nil
}

// openBusyFor bounds how long opening waits for another process that is
// turning a new file to WAL at the same moment.
const openBusyFor = 5 * time.Second

// pingSQLite opens the first connection. Switching a new file to WAL mode
// takes its exclusive lock, and SQLite answers "database is locked" at
// once, without its busy timeout, to a second connection that would
// otherwise deadlock waiting for it: servers started together on a new
// file so fail to open. That answer means nothing was changed, so the
// open is tried again until openBusyFor has passed.
func pingSQLite(w *sql.DB) error {
	deadline := time.Now().Add(openBusyFor)
	wait := time.Millisecond
	for {
		err := w.Ping()
		var se sqlite3.Error
		if err == nil || !errors.As(err, &se) || (se.Code != sqlite3.ErrBusy && se.Code != sqlite3.ErrLocked) ||
			time.Now().After(deadline) {
			return err
		}
		time.Sleep(wait)
		wait = min(2*wait, 50*time.Millisecond)
	}
}

func sqliteDSN(path, txlock string) string {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", "5000")
	q.Set("_synchronous", "FULL")
	q.Set("_txlock", txlock)
	return "file:" + path + "?" + q.Encode()
}

func (sqlite) rebind(query string) string                           { return query }
func (sqlite) lockRows() string                                     { return "" }
func (sqlite) serialize(context.Context, *txn, string) error        { return nil }
func (sqlite) notify(context.Context, *txn, string) error           { return nil }
func (sqlite) migrations() string                                   { return "migrations" }
func (sqlite) lockSchema(ctx context.Context, tx *txn) (int, error) { return sqliteVersion(ctx, tx) }

// sqliteVersion reads the schema version SQLite keeps in its header.
func sqliteVersion(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (int, error) {
	var v int
	err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}

func (sqlite) version(ctx context.Context, q *db) (int, error) { return sqliteVersion(ctx, q) }

func (sqlite) setVersion(ctx context.Context, tx *txn, ran []migration) error {
	// PRAGMA takes no placeholders; the version is an int we produced.
	_, err := tx.ExecContext(ctx, "PRAGMA user_version = "+strconv.Itoa(ran[len(ran)-1].version))
	return err
}

func (sqlite) storageFailure(err error) bool {
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code {
	case sqlite3.ErrFull, sqlite3.ErrIoErr, sqlite3.ErrReadonly, sqlite3.ErrCantOpen, sqlite3.ErrCorrupt,
		sqlite3.ErrNotADB, sqlite3.ErrBusy, sqlite3.ErrLocked, sqlite3.ErrNomem, sqlite3.ErrProtocol:
		return true
	}
	return false
}

func (sqlite) uniqueViolation(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrConstraint &&
		(se.ExtendedCode == sqlite3.ErrConstraintUnique || se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey)
}

func (sqlite) backup(ctx context.Context, s *Store, path string) error {
	if _, err := s.read.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("backup to %s: %w", path, err)
	}
	return nil
}

// limitPages sets SQLite's max_page_count on the connection that writes.
func (sqlite) limitPages(ctx context.Context, s *Store, pages int) error {
	if pages <= 0 {
		pages = 1 << 30
	}
	_, err := s.write.ExecContext(ctx, "PRAGMA max_page_count = "+strconv.Itoa(pages))
	return err
}

func (sqlite) pages(ctx context.Context, s *Store) (int, error) {
	var n int
	err := s.write.QueryRowContext(ctx, "PRAGMA page_count").Scan(&n)
	return n, err
}

// pollEvery is how often Follow asks SQLite whether another process
// wrote to the file.
var pollEvery = 250 * time.Millisecond

// follow polls PRAGMA data_version on a connection of its own: SQLite
// changes it whenever another connection (of this process or another)
// commits to the file, and then the watched tables are read again. Live
// pages of a second server on the same file so learn of the first one's
// writes within a poll.
func (d sqlite) follow(ctx context.Context, _ *Store, f *follower) error {
	conn, err := sql.Open("sqlite3", sqliteDSN(d.path, "deferred"))
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	conn.SetConnMaxLifetime(0)
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	seen, failing := int64(-1), false
	for {
		var v int64
		err := conn.QueryRowContext(ctx, "PRAGMA data_version").Scan(&v)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			if !failing {
				f.log("cannot ask the database for outside writes; trying again", err)
			}
			failing = true
		case v != seen:
			if failing {
				f.log("asking the database for outside writes again", nil)
			}
			failing = false
			if err := f.resync(ctx); err != nil && ctx.Err() == nil {
				f.log("cannot read the heads of watched tables", err)
			} else {
				seen = v
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// freshBlobs: mattn/go-sqlite3 copies each blob it reads out of SQLite
// into a new slice (C.GoBytes in SQLiteRows.Next).
func (sqlite) freshBlobs() bool { return true }
