package sessions

import (
	"context"
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
	if !s.d.storageFailure(err) {
		return fmt.Errorf("%s: %w", op, err)
	}
	s.health.mu.Lock()
	s.health.failedAt, s.health.err = s.now(), err
	s.health.mu.Unlock()
	return fmt.Errorf("%s: %w: %w", op, ErrNotSaved, err)
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

// LimitPages caps the database at pages pages: a write that needs more
// fails as on a full disk. It is a quota for the operator and the way tests
// make the disk full; 0 lifts the cap. SQLite keeps it as max_page_count
// on the connection that writes; PostgreSQL counts the pages of the
// schema's tables and indexes after each write (see postgres.go).
func (s *Store) LimitPages(ctx context.Context, pages int) error {
	return s.d.limitPages(ctx, s, pages)
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
