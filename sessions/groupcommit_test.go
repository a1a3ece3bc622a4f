package sessions

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// holdWriter takes SQLite's one write connection until the returned
// function is called: appends meanwhile wait for the committer, which
// waits for the connection, and so come in one transaction after it.
func holdWriter(t *testing.T, st *Store) func() {
	t.Helper()
	conn, err := st.write.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return func() { conn.Close() }
}

// transactions counts the appends of each transaction the committer
// commits.
func transactions(st *Store) func() []int {
	var mu sync.Mutex
	var sizes []int
	st.group().count = func(n int) {
		mu.Lock()
		sizes = append(sizes, n)
		mu.Unlock()
	}
	return func() []int {
		mu.Lock()
		defer mu.Unlock()
		return append([]int(nil), sizes...)
	}
}

// Appends to different tables that arrive while a commit is under way
// share the next transaction, and each is answered after it with its
// event, which is in the log.
func TestAppendsArriveTogetherCommitTogether(t *testing.T) {
	sqliteOnly(t, "group commit of SQLite's appends")
	st, ts := openTest(t)
	ctx := context.Background()
	var ids []string
	for range 8 {
		ids = append(ids, newTable(t, ts))
	}
	sizes := transactions(st)
	release := holdWriter(t, st)
	var wg sync.WaitGroup
	errs := make([]error, len(ids))
	for i, id := range ids {
		wg.Go(func() {
			a, err := ts.RecordGame(ctx, id, 1, fmt.Sprint("tok-", i), state(i, 2, 3))
			if err == nil && (a.Event.Seq != 2 || a.Repeat) {
				err = fmt.Errorf("answered %+v", a)
			}
			errs[i] = err
		})
	}
	time.Sleep(300 * time.Millisecond) // all of them wait for the committer
	release()
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("append to table %d: %v", i, err)
		}
	}
	if got := sizes(); len(got) >= len(ids) || sum(got) != len(ids) {
		t.Errorf("%d appends committed in transactions of %v, want fewer transactions than appends", len(ids), got)
	}
	restarted := NewTables(st, findSum)
	for i, id := range ids {
		if tb, err := restarted.Table(ctx, id); err != nil || tb.Head != 2 || tb.Games.At(0).Result().Players[0].Total != i {
			t.Errorf("table %d after the commit: head %d, %v", i, tb.Head, err)
		}
	}
}

// headOf is the head of the table with edit link id as the log holds it
// (a fresh replay).
func headOf(t *testing.T, st *Store, id string) int {
	t.Helper()
	tb, err := NewTables(st, findSum).Table(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return tb.Head
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// In one transaction, appends see each other as if each were committed
// on its own, in the order they came: of two appends to one table that
// saw the same head, the second is refused as stale; the same form sent
// twice is recorded once and the second gets the first's event.
func TestAppendsInOneTransactionSeeEachOther(t *testing.T) {
	sqliteOnly(t, "group commit of SQLite's appends")
	st, ts := openTest(t)
	ctx := context.Background()
	first, stale, twice := newTable(t, ts), newTable(t, ts), newTable(t, ts)
	sizes := transactions(st)
	release := holdWriter(t, st)
	type answer struct {
		a   Appended
		err error
	}
	answers := make([]answer, 5)
	var wg sync.WaitGroup
	for i, w := range []struct{ id, token string }{{first, "a"}, {stale, "b"}, {stale, "c"}, {twice, "d"}, {twice, "d"}} {
		wg.Go(func() {
			_, a, err := st.append(ctx, w.id, 1, w.token, KindGameRecorded, GameRecorded{State: state(1, 2, 3)})
			answers[i] = answer{a, err}
		})
		if i == 0 {
			time.Sleep(50 * time.Millisecond) // the committer takes this one alone and waits
		}
	}
	time.Sleep(300 * time.Millisecond)
	release()
	wg.Wait()
	if got := sizes(); len(got) != 2 || got[1] != 4 {
		t.Fatalf("transactions of %v appends, want [1 4]", got)
	}
	var stales, oks int
	for _, a := range answers[1:3] {
		var se *StaleError
		switch {
		case errors.As(a.err, &se) && se.Head == 2:
			stales++
		case a.err == nil && a.a.Event.Seq == 2:
			oks++
		}
	}
	if stales != 1 || oks != 1 {
		t.Errorf("two appends that saw the same head: %+v %+v, want one recorded and one stale", answers[1], answers[2])
	}
	d1, d2 := answers[3], answers[4]
	if d1.err != nil || d2.err != nil || d1.a.Event.Seq != 2 || d2.a.Event.Seq != 2 || d1.a.Repeat == d2.a.Repeat {
		t.Errorf("one form sent twice: %+v and %+v, want it recorded once and the other answered as a repeat", d1, d2)
	}
	for _, id := range []string{first, stale, twice} {
		if head := headOf(t, st, id); head != 2 {
			t.Errorf("table %s is at %d, want 2", id, head)
		}
	}
}

// An append whose request ends while it waits for its transaction writes
// nothing and says why.
func TestAppendGoneBeforeItsTurnWritesNothing(t *testing.T) {
	sqliteOnly(t, "group commit of SQLite's appends")
	st, ts := openTest(t)
	id, other := newTable(t, ts), newTable(t, ts)
	release := holdWriter(t, st)
	go st.append(context.Background(), other, 1, "", KindGameRecorded, GameRecorded{State: state(1, 2, 3)}) // the committer waits with it
	time.Sleep(50 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, _, err := st.append(ctx, id, 1, "", KindGameRecorded, GameRecorded{State: state(1, 2, 3)})
	release()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("an append whose request ended: %v", err)
	}
	if head := headOf(t, st, id); head != 1 {
		t.Errorf("it wrote %d events", head-1)
	}
}

// When storage fails, every append is answered truly: one answered as
// recorded is in the log, one answered ErrNotSaved is not, also when they
// shared a transaction.
func TestGroupedAppendsOnAFullDiskAnswerTruly(t *testing.T) {
	sqliteOnly(t, "group commit of SQLite's appends")
	st, ts := openTest(t)
	ctx := context.Background()
	var ids []string
	for range 12 {
		ids = append(ids, newTable(t, ts))
	}
	fullStore(t, ts, ids[0])
	sizes := transactions(st)
	failed := 0
	for round := range 3 {
		release := holdWriter(t, st)
		var wg sync.WaitGroup
		errs := make([]error, len(ids))
		heads := make([]int, len(ids))
		for i, id := range ids {
			tb, err := ts.Table(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			heads[i] = tb.Head
			wg.Go(func() {
				_, errs[i] = ts.RecordGame(ctx, id, tb.Head, fmt.Sprint(round, "-", i), state(round, i, 3))
			})
		}
		time.Sleep(200 * time.Millisecond)
		release()
		wg.Wait()
		for i, id := range ids {
			switch recorded := headOf(t, st, id) == heads[i]+1; {
			case errs[i] == nil && !recorded:
				t.Errorf("round %d, table %d: answered recorded, not in the log", round, i)
			case errors.Is(errs[i], ErrNotSaved) && recorded:
				t.Errorf("round %d, table %d: answered not saved, but in the log", round, i)
			case errs[i] != nil && !errors.Is(errs[i], ErrNotSaved):
				t.Errorf("round %d, table %d: %v", round, i, errs[i])
			case errs[i] != nil:
				failed++
			}
		}
	}
	if failed == 0 {
		t.Errorf("no append failed on the full disk (transactions %v)", sizes())
	}
}

// The committer waits for company only until its transaction is as large
// as the one before: the writers just answered are the ones that come
// back, and once they have, waiting out the window would only delay them
// (four writers appended at three quarters of the rate of four writers
// without group commit while it did). With fewer back, it waits, for at
// most the window. Here the window is an hour: gather returns at once or
// the test fails.
func TestGatherStopsWhenTheWritersAreBack(t *testing.T) {
	g := &groupCommit{queue: make(chan *pendingAppend), stop: make(chan struct{}), window: time.Hour, last: 3}
	for range 2 {
		go func() { g.queue <- &pendingAppend{} }()
	}
	done := make(chan int)
	go func() { done <- len(g.gather([]*pendingAppend{{}})) }()
	select {
	case n := <-done:
		if n != 3 {
			t.Errorf("gathered %d appends, want the 3 of the transaction before", n)
		}
	case <-time.After(30 * time.Second):
		close(g.stop) // let gather return
		t.Fatal("gather waited out its window with the writers of the transaction before all back")
	}
	// Fewer writers back than before: it waits out the window (a short
	// one here) and commits what it has.
	g.window, g.last = 10*time.Millisecond, 2
	if n := len(g.gather([]*pendingAppend{{}})); n != 1 {
		t.Errorf("gathered %d appends from an empty queue, want the first alone after the window", n)
	}
}
