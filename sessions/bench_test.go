package sessions

import (
	"context"
	"encoding/json"
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
