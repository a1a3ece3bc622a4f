package sessions

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// BenchmarkColdReads is what a request right after a restart costs of a
// long Cambio table loaded from its base: the first undo (of the newest
// event in effect, which the snapshot gave), and Auf der Hut's setup
// page's look for the newest guided start (there is none). The table is
// loaded afresh for each operation, outside the timing; chunks/op is how
// many chunks of 256 entries of the log the operation decoded.
func BenchmarkColdReads(b *testing.B) {
	for _, n := range []int{1000, 10000, 20000} {
		replayed, err := Replay("k", cambioLog(n), findAll)
		if err != nil {
			b.Fatal(err)
		}
		part, err := encodePart(&replayed, 0, "bench")
		if err != nil {
			b.Fatal(err)
		}
		load := func() Table {
			var t Table
			if err := decodePart(&t, part, findAll); err != nil {
				b.Fatal(err)
			}
			return t
		}
		at := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
		b.Run(fmt.Sprintf("events=%d/first-undo", n), func(b *testing.B) {
			b.ReportAllocs()
			chunks := 0
			for range b.N {
				b.StopTimer()
				t := load()
				body, _ := json.Marshal(Undo{Seq: t.effect.seq})
				u := Event{Seq: t.Head + 1, Kind: KindUndo, Payload: body, At: at}
				b.StartTimer()
				if err := t.applyAll([]Event{u}, nil); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				chunks += chunksRead(t)
				b.StartTimer()
			}
			b.ReportMetric(float64(chunks)/float64(b.N), "chunks/op")
		})
		b.Run(fmt.Sprintf("events=%d/last-guided-start", n), func(b *testing.B) {
			b.ReportAllocs()
			chunks := 0
			for range b.N {
				b.StopTimer()
				t := load()
				b.StartTimer()
				if _, ok := lastGuidedStart(t); ok {
					b.Fatal("a guided start in a table of rounds")
				}
				b.StopTimer()
				chunks += chunksRead(t)
				b.StartTimer()
			}
			b.ReportMetric(float64(chunks)/float64(b.N), "chunks/op")
		})
	}
}

// lastGuidedStart is the newest guided start in effect, as Auf der Hut's
// setup page asks for it.
func lastGuidedStart(t Table) (LogEntry, bool) { return t.LastPlayStarted() }
