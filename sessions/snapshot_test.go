package sessions

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"tablemate/scoring"
)

// sumExport is the export of a table of the sum game with n events: its
// start and n−1 games.
func sumExport(n int) []byte {
	var f bytes.Buffer
	f.WriteString(`{"format":"tablemate-table","version":1,"name":"Long","game":"sum","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"sum","name":"Long","players":["Ana","Ben","Cy"]},"at":"2026-11-20T19:00:00Z"}`)
	for seq := 2; seq <= n; seq++ {
		fmt.Fprintf(&f, `,{"seq":%d,"kind":"game_recorded","payload":{"state":{"players":[{"name":"Ana","total":%d},{"name":"Ben","total":%d},{"name":"Cy","total":3}]}},"at":"2026-11-20T19:%02d:00Z"}`,
			seq, seq%7, seq%5, seq%60)
	}
	f.WriteString("]}")
	return f.Bytes()
}

// importTable imports a table of n events and returns its edit link and
// key.
func importTable(t *testing.T, ts *Tables, n int) (link, key string) {
	t.Helper()
	link, err := ts.Import(context.Background(), sumExport(n))
	if err != nil {
		t.Fatal(err)
	}
	tb, err := ts.Table(context.Background(), link)
	if err != nil {
		t.Fatal(err)
	}
	return link, tb.Key
}

// replayed is the table with edit link link as a fresh replay of its log
// builds it.
func replayed(t *testing.T, st *Store, link string) Table {
	t.Helper()
	ts := NewTables(st, findSum)
	tb, err := ts.Table(context.Background(), link)
	if err != nil {
		t.Fatal(err)
	}
	events, err := st.Events(context.Background(), tb.Key)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Replay(tb.Key, events, findSum)
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// A restarted server loads a long table from its snapshot and the few
// events after it: no replay, and the table is the one Replay builds.
// Parts are written as the table goes on, and at shutdown.
func TestRestartLoadsTheSnapshot(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	link, _ := importTable(t, ts, 200)
	ts.snapshotsIdle() // the base written after the first replay
	tb, _ := ts.Table(ctx, link)
	for i := range 2*snapshotEvery + 5 {
		a, err := ts.RecordGame(ctx, link, tb.Head, fmt.Sprint("g", i), state(i, 1, 2))
		if err != nil {
			t.Fatal(err)
		}
		tb, _ = ts.Table(ctx, link)
		if tb.Head != a.Event.Seq {
			t.Fatalf("head %d after writing %d", tb.Head, a.Event.Seq)
		}
		// The writer writes a due part at the head the table has when it
		// gets to it; on a busy machine PostgreSQL took all these writes
		// before it did (two parts, not three). Waiting for it makes the
		// parts fall every snapshotEvery events, as on a table whose
		// writes come at a table's pace.
		ts.snapshotsIdle()
	}
	if got := ts.Stats().Written; got < 3 {
		t.Errorf("%d parts written, want a base and one at least every %d events", got, snapshotEvery)
	}

	// A restart without a shutdown (killed): the parts written so far
	// and the events since.
	killed := NewTables(st, findSum)
	got, err := killed.Table(ctx, link)
	if err != nil {
		t.Fatal(err)
	}
	if s := killed.Stats(); s.Replays != 0 || s.Snapshots != 1 || s.EventsApplied >= snapshotEvery {
		t.Errorf("after a kill: %+v, want the snapshot and fewer than %d events since", s, snapshotEvery)
	}
	sameTables(t, "after a kill", got, replayed(t, st, link))

	// A shutdown writes the rest: the next start applies nothing.
	if err := ts.SaveSnapshots(ctx); err != nil {
		t.Fatal(err)
	}
	restarted := NewTables(st, findSum)
	got, err = restarted.Table(ctx, link)
	if err != nil {
		t.Fatal(err)
	}
	if s := restarted.Stats(); s.Replays != 0 || s.Snapshots != 1 || s.EventsApplied != 0 {
		t.Errorf("after a shutdown: %+v, want the snapshot alone", s)
	}
	sameTables(t, "after a shutdown", got, replayed(t, st, link))
	// And it goes on as a replayed table does.
	if _, err := restarted.RecordGame(ctx, link, got.Head, "after", state(9, 9, 9)); err != nil {
		t.Fatal(err)
	}
	got, _ = restarted.Table(ctx, link)
	sameTables(t, "a write after the restart", got, replayed(t, st, link))
}

// A short table is not snapshotted: it replays in a moment.
func TestShortTablesAreNotSnapshotted(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	link, _ := importTable(t, ts, snapshotMin-1)
	if err := ts.SaveSnapshots(ctx); err != nil {
		t.Fatal(err)
	}
	if got := ts.Stats().Written; got != 0 {
		t.Errorf("a table of %d events: %d parts written", snapshotMin-1, got)
	}
	_ = link
}

// A snapshot that is stale or damaged is found out and not read: the
// table is replayed from its log (the same table as before), and the
// snapshot is written again, which the next start reads.
func TestStaleOrDamagedSnapshotIsReplayed(t *testing.T) {
	ctx := context.Background()
	exec := func(t *testing.T, st *Store, q string, args ...any) {
		t.Helper()
		if _, err := st.write.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name   string
		spoil  func(t *testing.T, st *Store, ts *Tables, key, other string)
		events int // events written after the snapshot, before the restart
	}{
		{"a changed byte", func(t *testing.T, st *Store, _ *Tables, key, _ string) {
			exec(t, st, `UPDATE table_snapshots SET body = ? WHERE table_id = ? AND part = 0`, flipped(t, st, key, 0, 100), key)
		}, 0},
		{"cut short", func(t *testing.T, st *Store, _ *Tables, key, _ string) {
			body := partBody(t, st, key, 0)
			exec(t, st, `UPDATE table_snapshots SET body = ? WHERE table_id = ? AND part = 0`, body[:len(body)/2], key)
		}, 3},
		{"another version", func(t *testing.T, st *Store, _ *Tables, key, _ string) {
			exec(t, st, `UPDATE table_snapshots SET version = version + 1 WHERE table_id = ?`, key)
		}, 0},
		{"a later part changed", func(t *testing.T, st *Store, _ *Tables, key, _ string) {
			// Found after the base and the parts before it were loaded
			// (in place): the table they made is dropped, not shown.
			last := snapshotParts(t, st, key) - 1
			exec(t, st, `UPDATE table_snapshots SET body = ? WHERE table_id = ? AND part = ?`, flipped(t, st, key, last, 40), key, last)
		}, snapshotEvery * 2},
		{"a part missing", func(t *testing.T, st *Store, _ *Tables, key, _ string) {
			exec(t, st, `DELETE FROM table_snapshots WHERE table_id = ? AND part = 1`, key)
		}, snapshotEvery * 2},
		{"another table's", func(t *testing.T, st *Store, _ *Tables, key, other string) {
			exec(t, st, `DELETE FROM table_snapshots WHERE table_id = ?`, key)
			exec(t, st, `INSERT INTO table_snapshots (table_id, part, from_head, head, version, body) SELECT ?, part, from_head, head, version, body FROM table_snapshots WHERE table_id = ?`, key, other)
		}, 0},
		{"of another log", func(t *testing.T, st *Store, _ *Tables, key, _ string) {
			// The same table, the same length, another game at its head.
			events, _ := st.Events(ctx, key)
			events[len(events)-1].Payload = []byte(`{"state":{"players":[{"name":"Ana","total":99},{"name":"Ben","total":0},{"name":"Cy","total":3}]}}`)
			forged, err := Replay(key, events, findSum)
			if err != nil {
				t.Fatal(err)
			}
			body, err := encodePart(&forged, 0, "forged")
			if err != nil {
				t.Fatal(err)
			}
			exec(t, st, `DELETE FROM table_snapshots WHERE table_id = ?`, key)
			exec(t, st, `INSERT INTO table_snapshots (table_id, part, from_head, head, version, body) VALUES (?, 0, 0, ?, ?, ?)`, key, forged.Head, snapshotVersion, body)
		}, 0},
		{"ahead of the log", func(t *testing.T, st *Store, _ *Tables, key, _ string) {
			// As if the database were put back from a backup made before
			// its last games, with a snapshot made after them.
			events, _ := st.Events(ctx, key)
			for i := range 5 {
				events = append(events, Event{Seq: len(events) + 1, Kind: KindGameRecorded, Payload: []byte(fmt.Sprintf(`{"state":{"players":[{"name":"Ana","total":%d}]}}`, i)), At: events[0].At})
			}
			ahead, err := Replay(key, events, findSum)
			if err != nil {
				t.Fatal(err)
			}
			body, err := encodePart(&ahead, 0, "ahead")
			if err != nil {
				t.Fatal(err)
			}
			exec(t, st, `DELETE FROM table_snapshots WHERE table_id = ?`, key)
			exec(t, st, `INSERT INTO table_snapshots (table_id, part, from_head, head, version, body) VALUES (?, 0, 0, ?, ?, ?)`, key, ahead.Head, snapshotVersion, body)
		}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st, ts := openTest(t)
			link, key := importTable(t, ts, 100)
			_, other := importTable(t, ts, 120)
			// The background writer writes a part when one is due, at the
			// head the table has when it gets to it: waiting for it after
			// every write makes the parts the same on every run (a base at
			// the import, then one every snapshotEvery events). Without
			// the waits, a writer busy with the other table while these
			// writes ran (PostgreSQL takes them side by side) wrote all of
			// them as one part, and "a part missing" removed the last part
			// of a whole snapshot instead of one in the middle.
			ts.snapshotsIdle()
			tb, _ := ts.Table(ctx, link)
			for i := range tt.events {
				if _, err := ts.RecordGame(ctx, link, tb.Head+i, fmt.Sprint("g", i), state(i, 2, 3)); err != nil {
					t.Fatal(err)
				}
				ts.snapshotsIdle()
			}
			if err := ts.SaveSnapshots(ctx); err != nil {
				t.Fatal(err)
			}
			if parts := snapshotParts(t, st, key); tt.events >= 2*snapshotEvery && parts < 3 {
				t.Fatalf("%d parts after %d events, want a base and a part every %d events", parts, tt.events, snapshotEvery)
			}
			tt.spoil(t, st, ts, key, other)

			restarted := NewTables(st, findSum)
			got, err := restarted.Table(ctx, link)
			if err != nil {
				t.Fatal(err)
			}
			if s := restarted.Stats(); s.Replays != 1 || s.Snapshots > 1 || s.Refused != 1 {
				t.Errorf("%+v, want the snapshot refused and the table replayed", s)
			}
			sameTables(t, tt.name, got, replayed(t, st, link))
			restarted.snapshotsIdle() // written again from the replay

			again := NewTables(st, findSum)
			got, err = again.Table(ctx, link)
			if err != nil {
				t.Fatal(err)
			}
			if s := again.Stats(); s.Replays != 0 || s.Snapshots != 1 {
				t.Errorf("the next start: %+v, want the snapshot written again read", s)
			}
			sameTables(t, tt.name+", the next start", got, replayed(t, st, link))
		})
	}
}

// snapshotParts counts the parts of key's snapshot.
func snapshotParts(t *testing.T, st *Store, key string) int {
	t.Helper()
	var n int
	if err := st.read.QueryRow(`SELECT count(*) FROM table_snapshots WHERE table_id = ?`, key).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// partBody reads part of key's snapshot.
func partBody(t *testing.T, st *Store, key string, part int) []byte {
	t.Helper()
	var body []byte
	if err := st.read.QueryRow(`SELECT body FROM table_snapshots WHERE table_id = ? AND part = ?`, key, part).Scan(&body); err != nil {
		t.Fatal(err)
	}
	return body
}

// flipped is part of key's snapshot with byte i changed.
func flipped(t *testing.T, st *Store, key string, part, i int) []byte {
	t.Helper()
	body := partBody(t, st, key, part)
	body[i] ^= 0x20
	return body
}

// TestKilledWhileWritingASnapshot kills (SIGKILL) a process inside the
// transaction that writes a table's new base (deleting the parts there
// first), then opens the database: every event is there, and the table
// loads from the parts written before as the table its log is.
func TestKilledWhileWritingASnapshot(t *testing.T) {
	if os.Getenv("TABLEMATE_SNAPSHOT_CHILD") != "" {
		snapshotChild()
		return
	}
	path := testDB(t, "kill.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledWhileWritingASnapshot$")
	cmd.Env = append(os.Environ(), "TABLEMATE_SNAPSHOT_CHILD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	link := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			if l, ok := bytes.CutPrefix(lines.Bytes(), []byte("inside the snapshot of ")); ok {
				link <- string(l)
				return
			}
		}
		close(link)
	}()
	var edit string
	select {
	case l, ok := <-link:
		if !ok {
			t.Fatal("the child ended before its snapshot")
		}
		edit = l
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the child never reached its snapshot")
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()

	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ts := NewTables(st, findSum)
	got, err := ts.Table(context.Background(), edit)
	if err != nil {
		t.Fatal(err)
	}
	if got.Head != 300+snapshotEvery*3 {
		t.Errorf("the table is at %d, want every event written (%d)", got.Head, 300+snapshotEvery*3)
	}
	if s := ts.Stats(); s.Replays != 0 || s.Snapshots != 1 || s.EventsApplied >= snapshotEvery {
		t.Errorf("%+v, want the parts written before read, and the few events after them applied", s)
	}
	sameTables(t, "after the kill", got, replayed(t, st, edit))
}

// snapshotChild is the process the test kills: a table snapshotted at
// 300 events, then written on, and killed while its next snapshot (a new
// base) is being written.
func snapshotChild() {
	path := os.Getenv("TABLEMATE_SNAPSHOT_CHILD")
	st, err := Open(path)
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	if _, _, err := st.Migrate(ctx); err != nil {
		panic(err)
	}
	ts := NewTables(st, findSum)
	link, err := ts.Import(ctx, sumExport(300))
	if err != nil {
		panic(err)
	}
	tb, err := ts.Table(ctx, link)
	if err != nil {
		panic(err)
	}
	for i := range snapshotEvery * 3 {
		if _, err := ts.RecordGame(ctx, link, tb.Head+i, fmt.Sprint("g", i), state(i, 1, 1)); err != nil {
			panic(err)
		}
	}
	ts.snapshotsIdle() // a base at 300 and the parts since
	st.snapshotHook = func() {
		fmt.Println("inside the snapshot of " + link)
		time.Sleep(time.Minute)
	}
	ts.snaps.forget(tb.Key) // the next is a new base: it deletes the parts there first
	ts.SaveSnapshots(ctx)
}

// doubledSum scores the sum game with every total doubled: the sum
// game's engine as another build might score it.
type doubledSum struct{ sumGame }

func (d doubledSum) Check(body []byte) (scoring.Result, error) {
	r, err := d.sumGame.Check(body)
	for i := range r.Players {
		r.Players[i].Total *= 2
	}
	return r, err
}

// A snapshot written by another build is read (a restart after an
// upgrade costs nothing either), and then the table is replayed in the
// background and compared: the same table is snapshotted again as this
// build's; a table an engine now scores differently is replaced, in the
// database and in memory, so the next view shows the engine's scores.
func TestSnapshotOfAnotherBuildIsChecked(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	ts.deriver = "build A"
	link, _ := importTable(t, ts, 100)
	if err := ts.SaveSnapshots(ctx); err != nil {
		t.Fatal(err)
	}

	b := NewTables(st, findSum)
	b.deriver = "build B"
	if _, err := b.Table(ctx, link); err != nil {
		t.Fatal(err)
	}
	b.snapshotsIdle()
	if s := b.Stats(); s.Snapshots != 1 || s.Replays != 0 || s.Verified != 1 || s.Differed != 0 || s.Written != 1 {
		t.Errorf("another build, the same scores: %+v, want the snapshot read, checked and written again", s)
	}
	again := NewTables(st, findSum)
	again.deriver = "build B"
	again.Table(ctx, link)
	again.snapshotsIdle()
	if s := again.Stats(); s.Snapshots != 1 || s.Verified != 0 {
		t.Errorf("the same build again: %+v, want the snapshot read and not checked", s)
	}

	doubled := func(slug string) (scoring.Game, bool) { return doubledSum{}, slug == "sum" }
	c := NewTables(st, doubled)
	c.deriver = "build C"
	first, err := c.Table(ctx, link)
	if err != nil {
		t.Fatal(err)
	}
	c.snapshotsIdle()
	if s := c.Stats(); s.Snapshots != 1 || s.Verified != 1 || s.Differed != 1 {
		t.Errorf("an engine that scores differently: %+v, want the snapshot checked and found different", s)
	}
	got, err := c.Table(ctx, link)
	if err != nil {
		t.Fatal(err)
	}
	events, _ := st.Events(ctx, got.Key)
	want, _ := Replay(got.Key, events, doubled)
	sameTables(t, "after the check", got, want)
	if first.Games.At(0).Result().Players[0].Total == want.Games.At(0).Result().Players[0].Total && want.Games.At(0).Result().Players[0].Total != 0 {
		t.Error("the snapshot read first already held the new scores: the check proved nothing")
	}
	later := NewTables(st, doubled)
	later.deriver = "build C"
	if got, _ := later.Table(ctx, link); later.Stats().Snapshots != 1 || got.Games.At(0).Result().Players[0].Total != want.Games.At(0).Result().Players[0].Total {
		t.Errorf("the next start: %+v", later.Stats())
	}
}
