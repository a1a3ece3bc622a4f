package sessions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/crc32"
	"sync"
	"sync/atomic"
	"time"
)

// A base part is kept in the database as its front and its rest
// (table_snapshots.body and .rest): the front is what loading reads and
// what a table page reads after a restart (the newest games and chunks
// of the log and of the events in effect, and where every other one
// is), the rest a long table's older chunks and games. A table loaded
// from its snapshot reads the rest from the database the first time one
// of its pages (or an undo, or the writer of a new base) reads an older
// entry, game or event in effect: a restart reads a front of about the
// same size at any length, not the whole table.
//
// The accessors that read a table (Log.At, GameList, Game.Result,
// LogEntry.Points, the stack) return no error. When the rest cannot be
// read (the database out of reach, or a rest that is not the front's,
// as after another server wrote a new base), they panic with a
// *coldReadError: what was asked cannot be answered, and no page shows
// what is not so. The table is dropped from the cache (the next request
// loads it afresh). A request answers it as a storage failure (503,
// "nothing was recorded" for a write: the write path reads the table
// before its commit; Tables.advance, which applies a write to the
// cached table after it, catches it), and the snapshot writer logs it.

// ErrColdRead is the older part of a table's snapshot that could not be
// read from the database when a page first read it.
var ErrColdRead = errors.New("the older part of a table's snapshot could not be read")

// coldReadError is the panic of a table whose rest could not be read.
type coldReadError struct{ err error }

func (e *coldReadError) Error() string   { return ErrColdRead.Error() + ": " + e.err.Error() }
func (e *coldReadError) Unwrap() []error { return []error{ErrColdRead, e.err} }

// restOf is the rest of a part: its length and checksum (the front
// names them), and its bytes once read.
type restOf struct {
	restLen int
	restSum uint32
	rest    atomic.Pointer[[]byte]
	mu      sync.Mutex
	// src reads the rest from the database (nil when the part was read
	// whole).
	src *restSource
	// fetched counts the reads (tests).
	fetched atomic.Int32
}

// restSource is where a part's rest is read from: fetch reads it, gone
// is told when it could not be read or was not the front's.
type restSource struct {
	fetch func() ([]byte, error)
	gone  func(err error)
}

// size is the part's length, front and rest.
func (p *snapPart) size() int { return p.cut + p.restLen }

// span is the part's bytes at..end, read from the rest when they are
// there (a chunk or game is wholly in the front or wholly in the rest).
func (p *snapPart) span(at, end uint32) []byte {
	if int(end) <= p.cut {
		return p.body[at:end]
	}
	return p.restBytes()[int(at)-p.cut : int(end)-p.cut]
}

// from is the part's bytes from at to the end of the front or the rest,
// whichever holds at, and where that end is.
func (p *snapPart) from(at uint32) ([]byte, int) {
	if int(at) < p.cut {
		return p.body[at:], p.cut
	}
	return p.restBytes()[int(at)-p.cut:], p.size()
}

// restBytes is the part's rest, read once.
func (p *snapPart) restBytes() []byte {
	if r := p.rest.Load(); r != nil {
		return *r
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if r := p.rest.Load(); r != nil {
		return *r
	}
	err := fmt.Errorf("%w: its rest is not at hand", errSnapshot)
	if p.src != nil {
		var b []byte
		p.fetched.Add(1)
		if b, err = p.src.fetch(); err == nil && (len(b) != p.restLen || crc32.Checksum(b, castagnoli) != p.restSum) {
			err = fmt.Errorf("%w: its rest is not its front's", errSnapshot)
		}
		if err == nil {
			p.rest.Store(&b)
			return b
		}
	}
	if p.src != nil && p.src.gone != nil {
		p.src.gone(err)
	}
	panic(&coldReadError{err: err})
}

// restTimeout bounds reading a rest from the database (a page waits for
// it).
const restTimeout = 10 * time.Second

// fetchRest reads the rest of table key's base made at head. A base
// replaced since (another server wrote a new one) has none: an error.
func (ts *Tables) fetchRest(key string, head int) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), restTimeout)
	defer cancel()
	st, err := ts.store.readStmt(ctx, `SELECT rest FROM table_snapshots WHERE table_id = ? AND part = 0 AND head = ?`)
	if err != nil {
		return nil, err
	}
	var rest []byte
	err = st.QueryRowContext(ctx, key, head).Scan(&rest)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: its base was replaced", errSnapshot)
	}
	return rest, err
}

// catchColdRead turns a panic of a table whose rest could not be read
// into *err (other panics go on): the snapshot writer's and the cache's
// work on a table.
func catchColdRead(err *error) {
	r := recover()
	if r == nil {
		return
	}
	cr, ok := r.(*coldReadError)
	if !ok {
		panic(r)
	}
	*err = cr
}

// restSource reads the rest of table key's base made at head. When it
// cannot be read, the table is dropped from the cache; a rest that is
// there but is not the front's (damaged) is deleted with its base, so
// the next load replays the log rather than meet it again.
func (ts *Tables) restSource(key string, head int) *restSource {
	return &restSource{
		fetch: func() ([]byte, error) { return ts.fetchRest(key, head) },
		gone: func(err error) {
			ts.cache.drop(key)
			ts.snaps.forget(key)
			if errors.Is(err, errSnapshot) {
				ctx, cancel := context.WithTimeout(context.Background(), restTimeout)
				defer cancel()
				if _, err := ts.store.write.ExecContext(ctx, `DELETE FROM table_snapshots WHERE table_id = ? AND part = 0 AND head = ?`, key, head); err != nil && ts.snaps.log != nil {
					ts.snaps.log("cannot delete a table's snapshot whose rest is not its front's", err)
				}
			}
		},
	}
}

// restLen is the length of the rest of the base t was loaded from (0
// for none).
func (t *Table) restLen() int {
	if t.Log.kept == nil {
		return 0
	}
	return t.Log.kept.part.restLen
}
