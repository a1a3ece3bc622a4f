package sessions

import (
	"bytes"
	"container/list"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// replayCache keeps recently replayed tables. A table's state is a pure
// function of its log, and the log only grows, so a replay stays right
// for as long as the table's head (read from the database on every
// lookup, never counted in the process) is the same; when the head moved,
// only the newer events are applied to the cached version. The cache is
// bounded by tables and by the memory they take (estimated from their
// logs), and drops the least recently used first. Cached tables are
// shared; callers treat a Table as read-only.
type replayCache struct {
	mu        sync.Mutex
	byID      map[string]*list.Element // of *Table
	lru       list.List                // most recently used first
	weight    int                      // estimated bytes held
	maxTables int
	maxWeight int
}

func newReplayCache(maxTables, maxWeight int) *replayCache {
	return &replayCache{byID: map[string]*list.Element{}, maxTables: maxTables, maxWeight: maxWeight}
}

// weight estimates the memory a replayed table takes: its log, and the
// scored games and facts built from it (measured: about 17 bytes per byte
// of payload for a long Koffer, Katze & Sombrero table).
func weight(t *Table) int { return t.Log.Len()*256 + t.bytes*16 }

func (c *replayCache) get(id string) (Table, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byID[id]
	if !ok {
		return Table{}, false
	}
	c.lru.MoveToFront(el)
	return *el.Value.(*Table), true
}

// drop forgets table id.
func (c *replayCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byID[id]; ok {
		c.lru.Remove(el)
		delete(c.byID, id)
		c.weight -= weight(el.Value.(*Table))
	}
}

// all returns every table kept, most recently used first.
func (c *replayCache) all() []Table {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]Table, 0, c.lru.Len())
	for el := c.lru.Front(); el != nil; el = el.Next() {
		out = append(out, *el.Value.(*Table))
	}
	return out
}

// put keeps t unless a newer version of it is kept already.
func (c *replayCache) put(t Table) {
	t.ownGames = false // shared from now on
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byID[t.Key]; ok {
		old := el.Value.(*Table)
		if old.Head > t.Head {
			return
		}
		c.weight += weight(&t) - weight(old)
		el.Value = &t
		c.lru.MoveToFront(el)
	} else {
		c.byID[t.Key] = c.lru.PushFront(&t)
		c.weight += weight(&t)
	}
	// Evict the least recently used, but never the table just put.
	for c.lru.Len() > 1 && (c.lru.Len() > c.maxTables || c.weight > c.maxWeight) {
		el := c.lru.Back()
		old := el.Value.(*Table)
		c.lru.Remove(el)
		delete(c.byID, old.Key)
		c.weight -= weight(old)
	}
}

// tableLocks serialises building a table's next version, so concurrent
// views of a table that just moved apply its new events once, and a
// version is only ever extended by one builder.
type tableLocks struct {
	mu    sync.Mutex
	locks map[string]*tableLock
}

type tableLock struct {
	sync.Mutex
	users int
}

func (l *tableLocks) lock(id string) func() {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[string]*tableLock{}
	}
	tl := l.locks[id]
	if tl == nil {
		tl = &tableLock{}
		l.locks[id] = tl
	}
	tl.users++
	l.mu.Unlock()
	tl.Lock()
	return func() {
		tl.Unlock()
		l.mu.Lock()
		if tl.users--; tl.users == 0 {
			delete(l.locks, id)
		}
		l.mu.Unlock()
	}
}

// Stats counts the work behind table loads since the Tables was made:
// tests and benchmarks use it to show that a view or a write costs the
// same for a long table as for a short one.
type Stats struct {
	Replays       int64 // tables replayed from their first event
	EventsRead    int64 // events read from the database to build tables
	EventsApplied int64 // events applied to tables (replays and updates)
	// Snapshots are the tables loaded from their snapshots; Refused the
	// snapshots found but not read (damaged, of another version, not the
	// log's), Written the parts written; Verified the snapshots of
	// another build replayed and compared, Differed those that were not
	// their replay.
	Snapshots, Refused, Written, Verified, Differed int64
	// Lookups are the links resolved to their table (Table, ReadOnly,
	// TableWithLinks, Links): a read of the database each. A request
	// needs one at most.
	Lookups int64
	// LeagueLookups are the leagues loaded by their public id or admin
	// link (League, LeagueByAdmin) or read again after a change: a page
	// of a league needs one.
	LeagueLookups int64
}

type counters struct{ replays, read, applied, lookups, leagueLookups atomic.Int64 }

// Stats returns the work done so far.
func (ts *Tables) Stats() Stats {
	return Stats{Replays: ts.count.replays.Load(), EventsRead: ts.count.read.Load(), EventsApplied: ts.count.applied.Load(),
		Snapshots: ts.snapCount.loads.Load(), Refused: ts.snapCount.refused.Load(), Written: ts.snapCount.written.Load(),
		Verified: ts.snapCount.verified.Load(), Differed: ts.snapCount.differed.Load(), Lookups: ts.count.lookups.Load(),
		LeagueLookups: ts.count.leagueLookups.Load()}
}

// at returns the table id at head or newer: the cached version, that
// version with the events since applied, or a replay of the whole log. A
// cached version newer than head (a write applied it after head was
// read) is as good: the database holds it too.
func (ts *Tables) at(ctx context.Context, id string, head int) (Table, error) {
	if t, ok := ts.cache.get(id); ok && t.Head >= head {
		return t, nil
	}
	defer ts.locks.lock(id)()
	t, ok := ts.cache.get(id)
	if ok && t.Head >= head {
		return t, nil // built meanwhile by another request
	}
	if ok && t.Head < head {
		next, ok, err := ts.update(ctx, t)
		if err != nil || ok {
			return next, err
		}
	}
	if !ok { // nothing in memory: the snapshot and the events after it
		snap, found, foreign, err := ts.loadSnapshot(ctx, id)
		if err != nil {
			return Table{}, err
		}
		if found {
			// Verified as a cached version is: the event at its head must
			// be the log's, and the events after it are applied.
			next, ok, err := ts.update(ctx, snap)
			if ok && foreign {
				ts.verifySnapshot(id) // made by another build: replayed and compared in the background
			}
			if err != nil || ok {
				return next, err
			}
			ts.snapCount.refused.Add(1) // its head is not the log's event
		}
	}
	events, err := ts.store.Events(ctx, id)
	if err != nil {
		return Table{}, err
	}
	ts.count.replays.Add(1)
	ts.count.read.Add(int64(len(events)))
	ts.count.applied.Add(int64(len(events)))
	t, err = Replay(id, events, ts.find)
	if err != nil {
		return Table{}, err
	}
	t.derived = newDerived()
	ts.cache.put(t)
	ts.snapshotDue(t, true)
	return t, nil
}

// update applies the events after t's head to it. The newest event t
// holds is read again and must be unchanged, or the cached version is not
// trusted (ok false: replay the log). Called with the table's lock held.
func (ts *Tables) update(ctx context.Context, t Table) (Table, bool, error) {
	events, err := ts.store.eventsFrom(ctx, t.Key, t.Head)
	if err != nil {
		return Table{}, false, err
	}
	ts.count.read.Add(int64(len(events)))
	if len(events) == 0 || !sameEvent(events[0], t.Log.At(t.Head-1).Event) {
		return Table{}, false, nil
	}
	next, err := ts.extend(t, events[1:], nil)
	return next, err == nil, err
}

// extend applies events to the newest version t of a table (the one the
// cache holds) and caches the result; said is what the engine said of the
// last event, if its command ran it. Called with the table's lock held.
func (ts *Tables) extend(t Table, events []Event, said *guided) (Table, error) {
	ts.count.applied.Add(int64(len(events)))
	if err := t.applyAll(events, said); err != nil {
		return Table{}, err
	}
	if err := t.readable(); err != nil {
		return Table{}, err
	}
	t.derived = newDerived()
	ts.cache.put(t)
	ts.snapshotDue(t, false)
	return t, nil
}

// advance applies a write just appended to the cached table, so the next
// view finds it ready (said: what the engine said of it, when the command
// ran the engine). It does nothing unless the cache holds the version
// right before the write. ok says whether it did: then t is the table at
// the write's head, as a view reads it.
func (ts *Tables) advance(id string, e Event, said *guided) (t Table, ok bool) {
	defer ts.locks.lock(id)()
	if t, ok := ts.cache.get(id); ok && t.Head == e.Seq-1 {
		// An error here leaves the cache as it was: the next view
		// replays the event and reports it. So does a table whose
		// snapshot's rest could not be read (it was dropped from the
		// cache): the write is committed, and its answer says so.
		var err error
		func() {
			defer catchColdRead(&err)
			t, err = ts.extend(t, []Event{e}, said)
		}()
		if err == nil {
			return t.view(), true
		}
	}
	return Table{}, false
}

func sameEvent(a, b Event) bool {
	return a.Seq == b.Seq && a.Kind == b.Kind && bytes.Equal(a.Payload, b.Payload) && a.At.Equal(b.At)
}

// headOf reads the newest seq of the table with key key.
func (s *Store) headOf(ctx context.Context, key string) (int, error) {
	var head int
	st, err := s.readStmt(ctx, `SELECT head FROM tables WHERE id = ?`)
	if err == nil {
		err = st.QueryRowContext(ctx, key).Scan(&head)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("head of a table: %w", err)
	}
	return head, nil
}

// headBy finds the table a link opens as role (edit or view), with its
// newest seq, in one indexed lookup (asked on every page view). A link
// that is not one is ErrNotFound; one that was replaced is a
// *ReplacedError.
func (s *Store) headBy(ctx context.Context, link string, role Role) (key string, head int, err error) {
	if !storable(link) {
		return "", 0, ErrNotFound
	}
	st, err := s.readStmt(ctx, `SELECT id, head FROM tables WHERE `+inUse[role].link+` = ?`)
	if err == nil {
		err = st.QueryRowContext(ctx, link).Scan(&key, &head)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, formerly(ctx, s.read, link, role)
	}
	if err != nil {
		return "", 0, fmt.Errorf("table by %s link: %w", role, err)
	}
	return key, head, nil
}
