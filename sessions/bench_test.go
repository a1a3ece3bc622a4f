package sessions

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
)

// BenchmarkAppend measures durable appends (WAL, synchronous=FULL): each
// op is one event answered after its commit, by 1, 4 and 16 writers at
// once, each on a table of its own. "grouped" is how the store appends
// (appends that arrive together share a transaction and its fsync,
// groupcommit.go); "alone" commits each append on its own, as before,
// for the comparison in one run. wal-pages/event is the pages the
// appends wrote to SQLite's log (counted after the timed part, over 400
// appends, with the log's checkpoints held back).
func BenchmarkAppend(b *testing.B) {
	for _, writers := range []int{1, 4, 16} {
		for _, mode := range []string{"alone", "grouped"} {
			b.Run(fmt.Sprintf("writers=%d/%s", writers, mode), func(b *testing.B) {
				st, err := Open(filepath.Join(b.TempDir(), "bench.db"))
				if err != nil {
					b.Fatal(err)
				}
				defer st.Close()
				st.noGroup = mode == "alone"
				ctx := context.Background()
				if _, _, err := st.Migrate(ctx); err != nil {
					b.Fatal(err)
				}
				ts := NewTables(st, findSum)
				links := make([]string, writers)
				for i := range links {
					if links[i], err = ts.Create(ctx, "", TableCreated{Game: "sum", Players: []string{"Ana", "Ben"}}); err != nil {
						b.Fatal(err)
					}
				}
				payload := GameRecorded{State: json.RawMessage(`{"players":[{"name":"Ana","total":3},{"name":"Ben","total":4}]}`)}
				heads := make([]int, writers)
				for i := range heads {
					heads[i] = 1
				}
				// appendAll makes n appends, writers at a time.
				appendAll := func(n int64) {
					var left atomic.Int64
					left.Store(n)
					var wg sync.WaitGroup
					for w := range writers {
						wg.Go(func() {
							for left.Add(-1) >= 0 {
								_, a, err := st.append(ctx, links[w], heads[w], strconv.Itoa(heads[w]), KindGameRecorded, payload)
								if err != nil {
									b.Error(err)
									return
								}
								heads[w] = a.Event.Seq
							}
						})
					}
					wg.Wait()
				}
				b.ReportAllocs()
				b.ResetTimer()
				appendAll(int64(b.N))
				b.StopTimer()
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
				b.ReportMetric(walPages(b, st, func() { appendAll(400) })/400, "wal-pages/event")
			})
		}
	}
}

// walPages counts the pages SQLite writes to its log while do runs, with
// automatic checkpoints held back meanwhile (they would empty the log).
func walPages(b *testing.B, st *Store, do func()) float64 {
	b.Helper()
	frames := func(mode string) int {
		var busy, log, done int
		if err := st.write.QueryRow("PRAGMA wal_checkpoint("+mode+")").Scan(&busy, &log, &done); err != nil {
			b.Fatal(err)
		}
		return log
	}
	if _, err := st.write.Exec("PRAGMA wal_autocheckpoint = 0"); err != nil {
		b.Fatal(err)
	}
	defer st.write.Exec("PRAGMA wal_autocheckpoint = 1000") //nolint:errcheck // SQLite's default again
	frames("TRUNCATE")
	do()
	return float64(frames("PASSIVE"))
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
		if err != nil || t.Games.Len() != 999 {
			b.Fatalf("%d games, %v", t.Games.Len(), err)
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

// eveningLog is an evening of n games on one table: Koffer, Katze &
// Sombrero results (every seventh breaking a rule, disputed), and every
// tenth game another game's sheet, so the standing is by places.
func eveningLog(n int) []Event {
	events := log(KindTableCreated, TableCreated{Game: "koffer-katze-sombrero", Name: "Long evening", Players: []string{"Lea", "Tom"}})
	add := func(kind Kind, payload any) {
		body, _ := json.Marshal(payload)
		events = append(events, Event{Seq: len(events) + 1, Kind: kind, Payload: body})
	}
	for i := 1; i <= n; i++ {
		switch {
		case i%10 == 0:
			add(KindGameChosen, GameChosen{Game: "another-game"})
			add(KindRoundRecorded, RoundRecorded{Game: i, Round: mustJSON(map[string]any{"name": "Skat", "final_only": true, "last": true,
				"scores": []map[string]any{{"name": "Lea", "points": i % 13}, {"name": "Tom", "points": i % 7}}})})
			add(KindGameChosen, GameChosen{Game: "koffer-katze-sombrero"})
		case i%7 == 0:
			add(KindGameRecorded, GameRecorded{State: json.RawMessage(kksShort)})
		default:
			add(KindGameRecorded, GameRecorded{State: json.RawMessage(kksTom89)})
		}
	}
	return events
}

// BenchmarkEveningWrite shows that taking in one more game costs the same
// at game 10, 100 and 1,000 of an evening (mixed kinds, some disputed):
// apply is the new game applied to the table as the cache holds it (its
// record made, the tally changed by the difference it makes), derive the
// standing and the chart of the newest 50 games read from it, write the
// whole write through the store (the command's checks, one fsynced
// event, the table extended) with the standing derived for the page.
func BenchmarkEveningWrite(b *testing.B) {
	ctx := context.Background()
	st, err := Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	st.Migrate(ctx)
	ts := NewTables(st, findEvening)
	next := GameRecorded{State: json.RawMessage(kksTom89)}
	for _, n := range []int{10, 100, 1000} {
		events := eveningLog(n)
		base, err := Replay("bench", events, findEvening)
		if err != nil || base.Evening().Done == 0 {
			b.Fatalf("%v %+v", err, base.Evening())
		}
		body, _ := json.Marshal(next)
		e := Event{Seq: base.Head + 1, Kind: KindGameRecorded, Payload: body}
		b.Run(fmt.Sprintf("games=%d/apply", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				t := base
				if err := t.applyAll([]Event{e}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("games=%d/derive", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if ev, ch := base.Evening(), base.Chart(50); len(ev.Rows) != 2 || len(ch.Series) != 2 {
					b.Fatal("no standing")
				}
			}
		})
		b.Run(fmt.Sprintf("games=%d/write", n), func(b *testing.B) {
			x, _ := json.Marshal(ExportOf(base))
			id, err := ts.Import(ctx, x)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				t, err := ts.Table(ctx, id)
				if err == nil && t.Head >= base.Head+2000 { // keep the evening near its size
					b.StopTimer()
					if id, err = ts.Import(ctx, x); err == nil {
						t, err = ts.Table(ctx, id)
					}
					b.StartTimer()
				}
				if err == nil {
					_, err = ts.RecordGame(ctx, id, t.Head, "", next.State)
				}
				if err == nil {
					t, err = ts.Table(ctx, id)
					_ = t.Evening()
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
