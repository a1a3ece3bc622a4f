package sessions

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// baseOf is the base part a table loaded from its snapshot reads its
// older entries from (nil for none).
func baseOf(tb Table) *snapPart {
	if tb.Log.kept == nil {
		return nil
	}
	return tb.Log.kept.part
}

// partSizes are the bytes of the front and the rest of table key's base
// in the database.
func partSizes(t *testing.T, st *Store, key string) (front, rest int) {
	t.Helper()
	var b, r []byte
	if err := st.read.QueryRowContext(context.Background(), `SELECT body, rest FROM table_snapshots WHERE table_id = ? AND part = 0`, key).Scan(&b, &r); err != nil {
		t.Fatal(err)
	}
	return len(b), len(r)
}

// A table loaded from its snapshot after a restart reads the base's
// front alone: what a table page reads (the newest page of the history
// with its points, the newest game and its result, the count) and an
// undo right after it read nothing of the rest, and loading decoded
// none of the older games' facts. The front grows far less than the
// table (five times the events, the rest over six times, the front
// under one and a half: what is in it at any length, and where each
// older game and chunk is, a few bytes each). Reading the rest reads it
// once, and the table is the replay's.
func TestColdLoadReadsTheFront(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	sizes := map[int][2]int{}
	links := map[int]string{}
	for _, n := range []int{1200, 6000} {
		links[n], _ = importTable(t, ts, n)
	}
	if err := ts.SaveSnapshots(ctx); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1200, 6000} {
		link := links[n]
		restarted := NewTables(st, findSum)
		tb, err := restarted.Table(ctx, link)
		if err != nil {
			t.Fatal(err)
		}
		if s := restarted.Stats(); s.Snapshots != 1 || s.Replays != 0 {
			t.Fatalf("%d events: %+v, want the snapshot", n, s)
		}
		front, rest := partSizes(t, st, tb.Key)
		sizes[n] = [2]int{front, rest}
		p := baseOf(tb)
		if p == nil || p.restLen != rest || rest == 0 {
			t.Fatalf("%d events: the loaded base has no rest (%d bytes in the database)", n, rest)
		}
		if k := tb.facts.done.kept; k == nil || decoded(k.chunks) != 0 {
			t.Fatalf("%d events: loading decoded the older games' facts", n)
		}
		for i, e := range tb.Log.Backward(tb.Log.Len()) {
			if i < tb.Log.Len()-20 {
				break
			}
			e.Points()
		}
		last, ok := tb.Games.Last()
		if !ok || last.Number != tb.Games.Len() {
			t.Fatalf("%d events: the newest game is %d of %d", n, last.Number, tb.Games.Len())
		}
		last.Result()
		if _, err := restarted.Undo(ctx, link, tb.Head, "undo"); err != nil {
			t.Fatal(err)
		}
		if got := p.fetched.Load(); got != 0 {
			t.Fatalf("%d events: a cold page and an undo read the rest %d times", n, got)
		}
		got, err := restarted.Table(ctx, link)
		if err != nil {
			t.Fatal(err)
		}
		sameTables(t, fmt.Sprintf("%d events, the rest read", n), got, replayed(t, st, link))
		if got := p.fetched.Load(); got != 1 {
			t.Fatalf("%d events: reading every entry and game read the rest %d times, want once", n, got)
		}
	}
	short, long := sizes[1200], sizes[6000]
	if long[1] < 6*short[1] || 2*long[0] > 3*short[0] {
		t.Errorf("front and rest: %d and %d bytes at 1,200 events, %d and %d at 6,000", short[0], short[1], long[0], long[1])
	}
}

// A rest that cannot be read when a page first reads it (here: it is not
// its front's any more) is no answer: the read panics with a storage
// failure (a request answers 503), the table is dropped from the cache
// and its base deleted, and the next request replays the log and gets
// the replay's table.
func TestColdReadThatFailsIsNoAnswer(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	link, key := importTable(t, ts, 1200)
	if err := ts.SaveSnapshots(ctx); err != nil {
		t.Fatal(err)
	}
	restarted := NewTables(st, findSum)
	tb, err := restarted.Table(ctx, link)
	if err != nil {
		t.Fatal(err)
	}
	if baseOf(tb) == nil {
		t.Fatal("not loaded from a base")
	}
	var rest []byte
	if err := st.read.QueryRowContext(ctx, `SELECT rest FROM table_snapshots WHERE table_id = ? AND part = 0`, key).Scan(&rest); err != nil {
		t.Fatal(err)
	}
	rest[len(rest)/2] ^= 0x10
	if _, err := st.write.ExecContext(ctx, `UPDATE table_snapshots SET rest = ? WHERE table_id = ? AND part = 0`, rest, key); err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() {
			err, _ := recover().(error)
			if !errors.Is(err, ErrColdRead) || !st.Unavailable(err) {
				t.Fatalf("the oldest entry read from a damaged rest: %v, want a storage failure", err)
			}
		}()
		e := tb.Log.At(0)
		t.Fatalf("the oldest entry read from a damaged rest: %+v", e.Event)
	}()
	if _, ok := restarted.cache.get(key); ok {
		t.Error("the table is still cached")
	}
	if n := snapshotParts(t, st, key); n != 0 {
		t.Errorf("%d parts left of the snapshot, want its base deleted", n)
	}
	again, err := restarted.Table(ctx, link)
	if err != nil {
		t.Fatal(err)
	}
	if s := restarted.Stats(); s.Replays != 1 {
		t.Errorf("%+v, want the log replayed", s)
	}
	sameTables(t, "after a rest that did not read", again, replayed(t, st, link))
}
