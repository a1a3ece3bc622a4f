package sessions

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"tablemate/scoring"
)

// Snapshots keep what replaying a table builds beside its log
// (table_snapshots), so that a table nobody opened since the process
// started is loaded from its snapshot and the few events after it,
// instead of replayed from its first event: a restart costs a long table
// what a short one costs. The log stays the one truth. A snapshot is read
// only when every part of it is whole (its checksum), was written by this
// snapshotVersion, and ends at an event that is the log's own (update
// compares the event at its head with the log's); anything else is
// replayed from the log and snapshotted again.
//
// A table is snapshotted in parts: a base (the whole table at a head)
// and then, every snapshotEvery events, the part since the head before.
// When the parts since the base outgrow it, a new base replaces them all.
// Parts are written in the background, after the write that made them
// due, and for every table that moved on when the server shuts down
// (SaveSnapshots). A part is one transaction: a process killed while
// writing one leaves the parts before it, which still load.

// snapshotEvery is how many events a table goes on before the part since
// its last one is due: a table loaded from its snapshot replays about
// this many events at most (more when the writer fell behind a burst of
// writes and was killed before it caught up; none after a shutdown).
const snapshotEvery = 32

// snapshotMin is the length below which a table is not snapshotted: it
// replays in a few milliseconds.
const snapshotMin = 32

// maxParts bounds a table's parts: then a new base replaces them.
const maxParts = 64

// snapshots is what Tables keeps of its tables' snapshots.
type snapshots struct {
	mu sync.Mutex
	// kept is what the database holds of each table's snapshot, as far
	// as this process knows (written or read by it).
	kept map[string]keptSnapshot
	// due are the tables whose next part is due; verify those loaded
	// from a snapshot another build wrote, to be replayed and compared.
	due     map[string]bool
	verify  map[string]bool
	writing int // parts being written by the writer
	stopped bool
	wake    chan struct{}
	started bool
	stop    chan struct{}
	done    chan struct{}
	// idle is closed (and replaced) whenever the writer has nothing due
	// (tests wait for it).
	idle chan struct{}
	// log, if set, is told of snapshots that could not be written.
	log func(msg string, err error)
}

// keptSnapshot is a table's snapshot in the database: its parts, the
// head of the last, and the bytes of the base and of the parts since.
type keptSnapshot struct {
	parts, head           int
	baseBytes, sinceBytes int
}

func newSnapshots() *snapshots {
	return &snapshots{kept: map[string]keptSnapshot{}, due: map[string]bool{}, verify: map[string]bool{}, wake: make(chan struct{}, 1),
		stop: make(chan struct{}), done: make(chan struct{}), idle: make(chan struct{})}
}

// OnSnapshotError registers fn to be told when a snapshot could not be
// written (it is a cache: the table is replayed instead). Set it before
// serving.
func (ts *Tables) OnSnapshotError(fn func(msg string, err error)) { ts.snaps.log = fn }

// snapshotStats counts snapshots loaded, written, and found but not
// read (damaged, another version, not the log's); verified those another
// build wrote that were replayed and compared, differed those of them
// that were not the replay.
type snapshotStats struct{ loads, written, refused, verified, differed atomic.Int64 }

// loadSnapshot reads table key's snapshot: the table at the snapshot's
// head, ok false when there is none that this code can read (none,
// another version, a part damaged or missing); foreign when another
// build wrote it (verifySnapshot).
func (ts *Tables) loadSnapshot(ctx context.Context, key string) (t Table, ok, foreign bool, err error) {
	st, err := ts.store.readStmt(ctx, `SELECT part, from_head, head, version, body FROM table_snapshots WHERE table_id = ? ORDER BY part`)
	if err != nil {
		return Table{}, false, false, fmt.Errorf("snapshot of a table: %w", err)
	}
	rows, err := st.QueryContext(ctx, key)
	if err != nil {
		return Table{}, false, false, fmt.Errorf("snapshot of a table: %w", err)
	}
	defer rows.Close()
	var kept keptSnapshot
	usable := true
	fresh := ts.store.d.freshBlobs()
	for rows.Next() {
		var part, from, head, version int
		// The part is read once: the driver's bytes kept as they are
		// (the table decoded from it holds parts of them) when the
		// driver made them for this row, else copied once.
		var raw sql.RawBytes
		if err := rows.Scan(&part, &from, &head, &version, &raw); err != nil {
			return Table{}, false, false, fmt.Errorf("snapshot of a table: %w", err)
		}
		body := []byte(raw)
		if !fresh {
			body = bytes.Clone(raw)
		}
		if !usable {
			continue
		}
		if version != snapshotVersion || part != kept.parts || from != t.Head {
			usable = false
			continue
		}
		var src *restSource
		if part == 0 {
			src = ts.restSource(key, head)
		}
		if err := decodeFetching(&t, body, ts.find, part > 0, src); err != nil || t.Head != head || t.Key != key {
			usable = false
			continue
		}
		if _, build, _ := partHeader(body); build != ts.deriver {
			foreign = true
		}
		kept.parts, kept.head = part+1, head
		if part == 0 {
			kept.baseBytes = len(body) + t.restLen() // its front and its rest, as written
		} else {
			kept.sinceBytes += len(body)
		}
	}
	if err := rows.Err(); err != nil {
		return Table{}, false, false, fmt.Errorf("snapshot of a table: %w", err)
	}
	if kept.parts == 0 || !usable {
		if kept.parts > 0 || !usable {
			ts.snapCount.refused.Add(1)
		}
		return Table{}, false, false, nil
	}
	ts.snaps.mu.Lock()
	ts.snaps.kept[key] = kept
	ts.snaps.mu.Unlock()
	ts.snapCount.loads.Add(1)
	t.keepPlay()
	return t, true, foreign, nil
}

// keepPlay keeps the position of the guided game a snapshot gave (the
// position is not in snapshots: Play.kept): the game is replayed here,
// once per load and bounded by MaxPlaySteps, so its pages and its next
// move read the position instead of each replaying the game. A log the
// engine cannot replay keeps none; its pages say why, as before.
func (t *Table) keepPlay() {
	if t.Play == nil || t.Play.kept.Keeps(len(t.Play.Steps)) {
		return
	}
	keeping, ok := t.engine.(scoring.Keeping)
	if !ok {
		return
	}
	k, err := keeping.Keep(t.Play.Log())
	if err != nil {
		return
	}
	play := *t.Play
	play.kept = k
	t.Play = &play
}

// verifySnapshot has the writer replay table key and compare it with the
// table its snapshot gave: the snapshot was written by another build,
// whose engines may have scored differently. snapshotVersion says the
// snapshot's form is this code's; an engine that changed how it scores
// needs no new version, the comparison finds it.
func (ts *Tables) verifySnapshot(key string) {
	s := ts.snaps
	s.mu.Lock()
	s.verify[key] = true
	s.mu.Unlock()
	ts.wakeWriter()
}

// checkSnapshot replays t's log to its head and compares: the same
// table is snapshotted again as this build's; another one replaces it
// (in the database and in memory), and is logged.
func (ts *Tables) checkSnapshot(ctx context.Context, t Table) (err error) {
	defer catchColdRead(&err)
	events, err := ts.store.eventsFrom(ctx, t.Key, 1)
	if err != nil {
		return err
	}
	if len(events) < t.Head {
		return fmt.Errorf("check a snapshot: the log holds %d events, the table %d", len(events), t.Head)
	}
	replayed, err := Replay(t.Key, events[:t.Head], ts.find)
	if err != nil {
		return fmt.Errorf("check a snapshot: %w", err)
	}
	ts.snapCount.verified.Add(1)
	mine, err := encodePart(&t, 0, ts.deriver)
	if err != nil {
		return err
	}
	want, err := encodePart(&replayed, 0, ts.deriver)
	if err != nil {
		return err
	}
	ts.snaps.forget(t.Key) // a new base, as this build's
	if string(mine) == string(want) {
		return ts.writeSnapshot(ctx, t)
	}
	ts.snapCount.differed.Add(1)
	if err := ts.writeSnapshot(ctx, replayed); err != nil {
		return err
	}
	ts.cache.drop(t.Key) // the next view reads the new snapshot
	return fmt.Errorf("a table's snapshot written by another build differed from its log's replay (an engine scores differently now); it was replaced")
}

// snapshotDue notes that t moved on: its next part is written when
// enough events came since its last (a replayed table: at once).
func (ts *Tables) snapshotDue(t Table, replayed bool) {
	if t.Head < snapshotMin {
		return
	}
	s := ts.snaps
	s.mu.Lock()
	defer s.mu.Unlock()
	kept, ok := s.kept[t.Key]
	if replayed {
		delete(s.kept, t.Key) // what the database holds was not read: a new base replaces it
	} else if ok && t.Head-kept.head < snapshotEvery {
		return
	}
	s.due[t.Key] = true
	s.wakeLocked(ts)
}

// wakeWriter wakes the writer, starting it when it has not started.
func (ts *Tables) wakeWriter() {
	ts.snaps.mu.Lock()
	defer ts.snaps.mu.Unlock()
	ts.snaps.wakeLocked(ts)
}

func (s *snapshots) wakeLocked(ts *Tables) {
	if !s.started {
		s.started = true
		go ts.writeSnapshots()
	}
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// writeSnapshots is the background writer of parts that are due.
func (ts *Tables) writeSnapshots() {
	s := ts.snaps
	defer close(s.done)
	for {
		s.mu.Lock()
		var key string
		check := false
		for k := range s.verify {
			key, check = k, true
			break
		}
		if key == "" {
			for k := range s.due {
				key = k
				break
			}
		}
		if key == "" {
			close(s.idle)
			s.idle = make(chan struct{})
		} else {
			delete(s.due, key)
			delete(s.verify, key)
			s.writing++
		}
		s.mu.Unlock()
		if key == "" {
			select {
			case <-s.wake:
				continue
			case <-s.stop:
				return
			}
		}
		if t, ok := ts.cache.get(key); ok {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			if check {
				if err := ts.checkSnapshot(ctx, t); err != nil && s.log != nil {
					s.log("checked a table's snapshot made by another build", err)
				}
			} else if err := ts.writeSnapshot(ctx, t); err != nil && s.log != nil {
				s.log("cannot write a table's snapshot; it is replayed from its log instead", err)
			}
			cancel()
		}
		s.mu.Lock()
		s.writing--
		s.mu.Unlock()
	}
}

// snapshotsIdle returns once no part is due (tests).
func (ts *Tables) snapshotsIdle() {
	s := ts.snaps
	for {
		s.mu.Lock()
		if !s.started || s.stopped || len(s.due) == 0 && len(s.verify) == 0 && s.writing == 0 {
			s.mu.Unlock()
			return
		}
		idle := s.idle
		s.mu.Unlock()
		<-idle
	}
}

// writeSnapshot writes the part of t since the head its snapshot has, or
// a new base when it has none this process knows of, or when the parts
// since the base outgrew it.
func (ts *Tables) writeSnapshot(ctx context.Context, t Table) (err error) {
	defer catchColdRead(&err) // a table whose rest could not be read: no part written
	s := ts.snaps
	s.mu.Lock()
	kept, known := s.kept[t.Key]
	s.mu.Unlock()
	if known && kept.head >= t.Head || t.Head < snapshotMin {
		return nil
	}
	base := !known || kept.parts >= maxParts || kept.head > t.Head
	from := 0
	if !base {
		from = kept.head
	}
	body, err := encodePart(&t, from, ts.deriver)
	if err != nil {
		return err
	}
	if !base && kept.sinceBytes+len(body) > kept.baseBytes {
		base, from = true, 0
		if body, err = encodePart(&t, 0, ts.deriver); err != nil {
			return err
		}
	}
	tx, err := ts.store.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("write a snapshot: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	part := 0
	if base {
		if _, err := tx.ExecContext(ctx, `DELETE FROM table_snapshots WHERE table_id = ?`, t.Key); err != nil {
			return fmt.Errorf("write a snapshot: %w", err)
		}
	} else {
		// The part must follow the last one there (another server may
		// have written a new base meanwhile).
		part = kept.parts
		var last int
		err := tx.QueryRowContext(ctx, `SELECT head FROM table_snapshots WHERE table_id = ? AND part = ?`+tx.forUpdate(), t.Key, part-1).Scan(&last)
		if errors.Is(err, sql.ErrNoRows) || err == nil && last != from {
			s.forget(t.Key)
			return nil
		}
		if err != nil {
			return fmt.Errorf("write a snapshot: %w", err)
		}
	}
	front, rest, _ := splitPart(body)
	if len(rest) == 0 {
		rest = nil // NULL: a part since a base has none
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO table_snapshots (table_id, part, from_head, head, version, body, rest) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		t.Key, part, from, t.Head, snapshotVersion, front, rest); err != nil {
		s.forget(t.Key)
		return fmt.Errorf("write a snapshot: %w", err)
	}
	if ts.store.snapshotHook != nil {
		ts.store.snapshotHook()
	}
	if err := tx.Commit(); err != nil {
		s.forget(t.Key)
		return fmt.Errorf("write a snapshot: %w", err)
	}
	ts.snapCount.written.Add(1)
	s.mu.Lock()
	if base {
		kept = keptSnapshot{parts: 1, head: t.Head, baseBytes: len(body)}
	} else {
		kept.parts, kept.head, kept.sinceBytes = part+1, t.Head, kept.sinceBytes+len(body)
	}
	s.kept[t.Key] = kept
	s.mu.Unlock()
	return nil
}

// forget drops what this process knew of key's snapshot: its next part
// is a new base.
func (s *snapshots) forget(key string) {
	s.mu.Lock()
	delete(s.kept, key)
	s.mu.Unlock()
}

// SaveSnapshots writes the parts of every table held in memory that moved
// on since its snapshot, and stops the background writer: the server
// calls it when it shuts down, so the next start loads every table it
// had open from its snapshot.
func (ts *Tables) SaveSnapshots(ctx context.Context) error {
	s := ts.snaps
	s.mu.Lock()
	started := s.started
	s.started, s.stopped = true, true // no writer starts after this
	s.mu.Unlock()
	if started {
		close(s.stop)
		<-s.done
	}
	var errs []error
	for _, t := range ts.cache.all() {
		if ctx.Err() != nil {
			break
		}
		if err := ts.writeSnapshot(ctx, t); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
