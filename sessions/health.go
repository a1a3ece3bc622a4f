package sessions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"
)

// ErrNotSaved means a write failed in storage (a full disk, an I/O error,
// a read-only or locked database): nothing of it was recorded, and the
// same write may succeed when tried again.
var ErrNotSaved = errors.New("nothing was recorded: the database could not store it")

// failed wraps a write's error. A storage failure is marked ErrNotSaved
// and remembered for the health check (WriteFailure).
func (s *Store) failed(op string, err error) error {
	if !s.d.storageFailure(err) && !errors.Is(err, ErrFileReplaced) {
		return fmt.Errorf("%s: %w", op, err)
	}
	s.noteFailure(err, false)
	return fmt.Errorf("%s: %w: %w", op, ErrNotSaved, err)
}

// noteFailure remembers a storage failure for the health check: of a
// write (cleared by the next write that commits) or of a read (cleared
// when the health check's own read works again). A damaged file is
// remembered until the server restarts: it does not heal.
func (s *Store) noteFailure(err error, read bool) {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	if read {
		s.health.readAt, s.health.readErr = s.now(), err
	} else {
		s.health.failedAt, s.health.err = s.now(), err
	}
	if damagedFile(err) && s.health.damaged == nil {
		s.health.damaged = err
	}
}

// wrote notes a committed write: storage works again.
func (s *Store) wrote() {
	s.health.mu.Lock()
	s.health.err = nil
	s.health.mu.Unlock()
}

// writeHealth is the outcome of the newest write that reached storage.
type writeHealth struct {
	mu       sync.Mutex
	failedAt time.Time
	err      error
	// readAt and readErr: the newest storage failure of a read.
	readAt  time.Time
	readErr error
	// damaged is the first error that said the database file is damaged.
	damaged error
}

// failureWindow is how long a failed write marks the store unhealthy when
// no write succeeds after it (a server taken out of rotation gets no
// writes that could clear it).
const failureWindow = 5 * time.Minute

// WriteFailure reports the storage failure of the newest write, if it
// failed within the last few minutes: the health check answers 503 then.
func (s *Store) WriteFailure() error {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	if s.health.err == nil || s.now().Sub(s.health.failedAt) > failureWindow {
		return nil
	}
	return fmt.Errorf("writes failing since %s: %w", s.health.failedAt.UTC().Format(time.RFC3339), s.health.err)
}

// readWindow is how long a read that failed in storage marks the store
// unhealthy.
const readWindow = time.Minute

// Health says whether the store can serve, nil when it can: the database
// file is still the one opened (SQLite: not deleted or replaced), it was
// not found damaged (that lasts until a restart), a small read works
// now, and (SQLite) no read of the file failed in the last minute
// (Noticed; a PostgreSQL server that answers the read again is back). How
// the newest write fared is WriteFailure.
func (s *Store) Health(ctx context.Context) error {
	if err := s.checkFile(); err != nil {
		return err
	}
	s.health.mu.Lock()
	damaged, readErr, readAt := s.health.damaged, s.health.readErr, s.health.readAt
	s.health.mu.Unlock()
	if damaged != nil {
		return fmt.Errorf("the database file is damaged: %w", damaged)
	}
	var id string
	if err := s.read.QueryRowContext(ctx, `SELECT id FROM tables LIMIT 1`).Scan(&id); err != nil && !errors.Is(err, sql.ErrNoRows) {
		s.Noticed(err)
		if damagedFile(err) {
			return fmt.Errorf("the database file is damaged: %w", err)
		}
		return fmt.Errorf("database unreadable: %w", err)
	}
	if _, server := s.d.(postgres); server && readErr != nil {
		// A database server that answers again is back: its failures
		// were of reaching it. A local file that failed a read may fail
		// the next one (a bad sector): that counts for readWindow.
		s.health.mu.Lock()
		if s.health.readErr == readErr {
			s.health.readErr = nil
		}
		s.health.mu.Unlock()
		readErr = nil
	}
	if readErr != nil && s.now().Sub(readAt) <= readWindow {
		return fmt.Errorf("reads failing at %s: %w", readAt.UTC().Format(time.RFC3339), readErr)
	}
	return nil
}

// LimitPages caps the database at pages pages: a write that needs more
// fails as on a full disk. It is a quota for the operator and the way tests
// make the disk full; 0 lifts the cap. SQLite keeps it as max_page_count
// on the connection that writes; PostgreSQL counts the pages of the
// schema's tables and indexes after each write (see postgres.go).
//
// On PostgreSQL setting the cap is DDL (it replaces a trigger on every
// table), which can deadlock with a write or a snapshot written in the
// background at the same moment; PostgreSQL then rolls the DDL back, and
// it is tried again, a few times.
func (s *Store) LimitPages(ctx context.Context, pages int) error {
	var err error
	for try := range 5 {
		if err = s.d.limitPages(ctx, s, pages); err == nil || !s.d.storageFailure(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Duration(try+1) * 20 * time.Millisecond):
		}
	}
	return err
}

// Pages returns the database's current size in pages.
func (s *Store) Pages(ctx context.Context) (int, error) {
	return s.d.pages(ctx, s)
}

// linkFailed wraps the error of resolving a write's link: a link that
// opens nothing (ErrNotFound, a *ReplacedError) is said as it is, a
// failure to read it is a write's failure (failed).
func linkFailed(s *Store, op string, err error) error {
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrReplaced) {
		return err
	}
	return s.failed(op, err)
}
