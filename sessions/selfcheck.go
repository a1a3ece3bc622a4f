package sessions

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"

	"github.com/mattn/go-sqlite3"
)

// A store that checks itself (issue #31): at start SQLite's quick_check
// and a look at the file (CheckSQLiteFile); while serving, every write
// and the health check make sure the file is still the one opened, so a
// database deleted or replaced under a running server is noticed at once
// instead of writes being "recorded" into a file nobody will open again.

// ErrFileReplaced means the database file is no longer the one the
// server opened: deleted, or another file moved in its place. Nothing
// written now would be found again after a restart, so writes are
// refused (503) until the server is restarted on the right file.
var ErrFileReplaced = errors.New("the database file is no longer the one this server opened")

// fileWatch remembers which file an SQLite database was opened as (its
// device and inode), to notice when the path names another file or none.
type fileWatch struct {
	path string
	mu   sync.Mutex
	was  os.FileInfo
}

// remember notes the file at the path now; a path that is no file on
// disk (":memory:", a "file:" URI) is not watched.
func (w *fileWatch) remember() {
	if w == nil || w.path == ":memory:" || strings.HasPrefix(w.path, "file:") {
		return
	}
	if st, err := os.Stat(w.path); err == nil {
		w.mu.Lock()
		w.was = st
		w.mu.Unlock()
	}
}

// check says when the path no longer names the file opened.
func (w *fileWatch) check() error {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	was := w.was
	w.mu.Unlock()
	if was == nil {
		return nil
	}
	now, err := os.Stat(w.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%w: %s was deleted while the server had it open; restore it from a backup or restart the server", ErrFileReplaced, w.path)
	case err != nil:
		return fmt.Errorf("%w: %s cannot be looked at: %w", ErrFileReplaced, w.path, err)
	case !os.SameFile(was, now):
		return fmt.Errorf("%w: another file was put at %s while the server had it open; restart the server to use it", ErrFileReplaced, w.path)
	}
	return nil
}

// writeGuard is a dialect that checks before every write transaction that
// the database may be written (db.BeginTx).
type writeGuard interface {
	guardWrite() error
}

// guardWrite refuses a write when the file is no longer the one opened.
func (d sqlite) guardWrite() error { return d.file.check() }

// checkFile is the health check's look at the database file.
func (s *Store) checkFile() error {
	if g, ok := s.d.(writeGuard); ok {
		return g.guardWrite()
	}
	return nil
}

// watchFile starts watching an SQLite store's file (Open).
func (s *Store) watchFile() {
	if d, ok := s.d.(sqlite); ok {
		d.file.remember()
	}
}

// damagedFile reports an error that says the database file is damaged:
// it will not heal by trying again.
func damagedFile(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.Code == sqlite3.ErrCorrupt || se.Code == sqlite3.ErrNotADB)
}

// QuickCheck runs SQLite's PRAGMA quick_check, which reads every page of
// the file and checks its structure (a few seconds per gigabyte), and
// says what it found when that is not "ok", naming the file. PostgreSQL
// checks its own pages: nothing to do.
func (s *Store) QuickCheck(ctx context.Context) error {
	d, ok := s.d.(sqlite)
	if !ok {
		return nil
	}
	rows, err := s.read.QueryContext(ctx, `PRAGMA quick_check(20)`)
	if err != nil {
		return fmt.Errorf("the database %s cannot be checked (PRAGMA quick_check): %w", d.path, err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("the database %s cannot be checked (PRAGMA quick_check): %w", d.path, err)
		}
		found = append(found, line)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("the database %s is damaged: PRAGMA quick_check failed: %w", d.path, err)
	}
	if len(found) == 1 && found[0] == "ok" {
		return nil
	}
	return fmt.Errorf("the database %s is damaged: PRAGMA quick_check found: %s", d.path, strings.Join(found, "; "))
}

// sqliteHeader is how every SQLite database file begins.
const sqliteHeader = "SQLite format 3\x00"

// ErrEmptyFile means the database file exists but holds nothing: a file
// made by hand or cut off, not a database Tablemate made.
var ErrEmptyFile = errors.New("the database file is empty (0 bytes)")

// CheckSQLiteFile looks at the file an SQLite database would be opened
// from: none yet is fine (it is created), an SQLite database is fine; an
// empty file (ErrEmptyFile) or a file that is not an SQLite database is
// refused with a message naming it. `tablemate serve` calls it before it
// opens the database; `tablemate migrate` accepts an empty file (it makes
// the database in it).
func CheckSQLiteFile(path string) error {
	if path == ":memory:" || strings.HasPrefix(path, "file:") {
		return nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot read the database %s: %w", path, err)
	}
	defer f.Close()
	head := make([]byte, len(sqliteHeader))
	n, err := io.ReadFull(f, head)
	switch {
	case n == 0 && (err == io.EOF || err == nil):
		return fmt.Errorf("%w: %s; a Tablemate database is never empty. If it is meant to be a new database, make it with `tablemate migrate -db %s` (or remove the file); if it was a database, restore it from a backup", ErrEmptyFile, path, path)
	case err != nil && !errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("cannot read the database %s: %w", path, err)
	case !bytes.Equal(head[:n], []byte(sqliteHeader)) || n < len(sqliteHeader):
		return fmt.Errorf("%s is not an SQLite database (it does not begin as one): -db must name a Tablemate database file, or a path where none exists yet", path)
	}
	return nil
}
