package sessions

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkAppend measures durable event appends (WAL, synchronous=FULL):
// each op is one committed, fsynced event.
func BenchmarkAppend(b *testing.B) {
	st, err := Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	st.Migrate(ctx)
	ts := NewTables(st, findSum)
	id, err := ts.Create(ctx, "", TableCreated{Game: "sum", Players: []string{"Ana", "Ben"}})
	if err != nil {
		b.Fatal(err)
	}
	payload := GameRecorded{State: json.RawMessage(`{"players":[{"name":"Ana","total":3},{"name":"Ben","total":4}]}`)}
	head := 1
	b.ReportAllocs()
	for b.Loop() {
		_, a, err := st.append(ctx, id, head, "", KindGameRecorded, payload)
		if err != nil {
			b.Fatal(err)
		}
		head = a.Event.Seq
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkRebuild1000 measures loading a table of 1,000 events from the
// database and replaying them (each game re-scored by the engine), as on a
// replay-cache miss.
func BenchmarkRebuild1000(b *testing.B) {
	st, err := Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	st.Migrate(ctx)
	ts := NewTables(st, findSum)
	id, _ := ts.Create(ctx, "", TableCreated{Game: "sum", Players: []string{"Ana", "Ben"}})
	payload := GameRecorded{State: json.RawMessage(`{"players":[{"name":"Ana","total":3},{"name":"Ben","total":4}]}`)}
	for head := 1; head < 1000; head++ {
		if _, _, err := st.append(ctx, id, head, "", KindGameRecorded, payload); err != nil {
			b.Fatal(err)
		}
	}
	tb, err := ts.Table(ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		events, err := st.Events(ctx, tb.Key)
		if err != nil {
			b.Fatal(err)
		}
		t, err := Replay(id, events, findSum)
		if err != nil || len(t.Games) != 999 {
			b.Fatalf("%d games, %v", len(t.Games), err)
		}
	}
}

// kksState is a full, valid two-player Koffer, Katze & Sombrero game.
const kksState = `{"players":[{"name":"Amelia","tokens":3,"display":{"red":"1 2 3 4 5 6 7 8 9 10","blue":"1 2 3 4 5 6 7"}},` +
	`{"name":"Victor","tokens":1,"display":{"yellow":"1 2 3 4 5 6 7 8 9 10","black":"1 2 3 4 5 6 7"}}]}`

// longTable imports a Koffer, Katze & Sombrero table of n events (its
// start and n−1 games) and returns its id.
func longTable(b *testing.B, ts *Tables, n int) string {
	var f bytes.Buffer
	f.WriteString(`{"format":"tablemate-table","version":1,"name":"Long","game":"koffer-katze-sombrero","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"koffer-katze-sombrero","name":"Long","players":["Amelia","Victor"]}}`)
	for seq := 2; seq <= n; seq++ {
		fmt.Fprintf(&f, `,{"seq":%d,"kind":"game_recorded","payload":{"state":%s}}`, seq, kksState)
	}
	f.WriteString("]}")
	id, err := ts.Import(context.Background(), f.Bytes())
	if err != nil {
		b.Fatal(err)
	}
	return id
}

// BenchmarkLongTable shows the cost of a table flat in its length, at
// 100, 1,000 and 10,000 events (each part on a table of its own; a write
// adds to it): a write (the command's checks, one fsynced event, applied
// to the cached table), and catching up after another server wrote (the
// newest events read and applied). Replay is the whole log read and
// replayed, as after a restart or an eviction: the one cost that grows
// with the log, paid once.
func BenchmarkLongTable(b *testing.B) {
	ctx := context.Background()
	st, err := Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	st.Migrate(ctx)
	ts := NewTables(st, findKKS)
	other := NewTables(st, findKKS) // another server on the same database
	state := json.RawMessage(kksState)
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("events=%d/write", n), func(b *testing.B) {
			id := longTable(b, ts, n)
			b.ReportAllocs()
			for b.Loop() {
				t, err := ts.Table(ctx, id)
				if err == nil && t.Head >= n+5000 { // keep the table near its size
					b.StopTimer()
					id = longTable(b, ts, n)
					t, err = ts.Table(ctx, id)
					b.StartTimer()
				}
				if err == nil {
					_, err = ts.RecordGame(ctx, id, t.Head, "", state)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("events=%d/catch-up", n), func(b *testing.B) {
			id := longTable(b, ts, n)
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				t, err := other.Table(ctx, id)
				if err == nil && t.Head >= n+5000 { // keep the table near its size
					id = longTable(b, ts, n)
					ts.Table(ctx, id)
					t, err = other.Table(ctx, id)
				}
				if err == nil {
					_, err = other.RecordGame(ctx, id, t.Head, "", state)
				}
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if _, err := ts.Table(ctx, id); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("events=%d/replay", n), func(b *testing.B) {
			tb, err := ts.Table(ctx, longTable(b, ts, n))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				events, err := st.Events(ctx, tb.Key)
				if err == nil {
					_, err = Replay(tb.Key, events, findKKS)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
