package sessions

import (
	"context"
	"fmt"
	"testing"
)

func TestReplayCacheFollowsTheHead(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)
	first, _ := ts.Table(ctx, id)
	again, _ := ts.Table(ctx, id)
	if first.Log.Len() != 1 || &first.Log.entries[0] != &again.Log.entries[0] {
		t.Fatal("an unchanged table was replayed again instead of coming from the cache")
	}
	if _, err := ts.RecordGame(ctx, id, 1, "", state(1, 2, 3)); err != nil {
		t.Fatal(err)
	}
	after, _ := ts.Table(ctx, id)
	if after.Games.Len() != 1 || after.Head != 2 || first.Games.Len() != 0 {
		t.Fatalf("after a write: %d games at head %d; the earlier copy has %d", after.Games.Len(), after.Head, first.Games.Len())
	}
	if _, err := ts.Table(ctx, "missing"); err != ErrNotFound {
		t.Fatalf("missing table: %v", err)
	}
}

func TestReplayCacheIsBounded(t *testing.T) {
	c := newReplayCache(3, 100*256)
	for i := range 5 {
		c.put(Table{Key: fmt.Sprint(i), Head: 1, Log: logOf(make([]LogEntry, 1)...)})
	}
	if len(c.byID) != 3 || c.lru.Len() != 3 {
		t.Fatalf("cache holds %d tables, want 3", len(c.byID))
	}
	if _, ok := c.get("0"); ok {
		t.Error("the oldest table was not evicted")
	}
	if _, ok := c.get("4"); !ok {
		t.Error("the newest table is missing")
	}
	// Bounded by memory too: one long table pushes the others out, but
	// stays itself (the table just used is never evicted).
	c.put(Table{Key: "long", Head: 150, Log: logOf(make([]LogEntry, 150)...)})
	if len(c.byID) != 1 || c.weight != 150*256 {
		t.Fatalf("after a long table: %d tables, weight %d", len(c.byID), c.weight)
	}
	// An older version never replaces a newer one.
	c.put(Table{Key: "long", Head: 10, Log: logOf(make([]LogEntry, 10)...)})
	if got, _ := c.get("long"); got.Head != 150 {
		t.Errorf("an older version replaced the cached one: head %d", got.Head)
	}
}

// TestDerivedIsComputedOncePerVersion: a page's view of a table is kept
// while the head stays and computed afresh after a write.
func TestDerivedIsComputedOncePerVersion(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)
	calls := 0
	view := func(tb Table) int {
		return tb.Derived("games", func() any { calls++; return tb.Games.Len() }).(int)
	}
	first, _ := ts.Table(ctx, id)
	again, _ := ts.Table(ctx, id)
	if view(first) != 0 || view(again) != 0 || calls != 1 {
		t.Fatalf("same version: computed %d times", calls)
	}
	if _, err := ts.RecordGame(ctx, id, 1, "", state(1, 2, 3)); err != nil {
		t.Fatal(err)
	}
	after, _ := ts.Table(ctx, id)
	if got := view(after); got != 1 || calls != 2 {
		t.Fatalf("after a write: %d games, computed %d times", got, calls)
	}
	bare1, bare2 := view(Table{}), view(Table{})
	if bare1 != 0 || bare2 != 0 || calls != 4 {
		t.Fatalf("a table not loaded through Tables keeps nothing: computed %d times", calls)
	}
}
