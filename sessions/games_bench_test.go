package sessions

import (
	"encoding/json"
	"fmt"
	"testing"
)

// BenchmarkGameWrite is what one more event costs a long Cambio table as
// the cache holds it (a version others may read, so nothing it shares is
// written in place), at 1,000 and 19,900 events (about 200 and 4,000
// games): round, a round entered on the game in progress (its game
// replaced); undo, that round taken back (the game worked out again and
// put back). Only the event's own work is measured: no database, no
// page.
func BenchmarkGameWrite(b *testing.B) {
	for _, n := range []int{1000, 19900} {
		var base, after Table
		var round, undo []Event
		setup := func(b *testing.B) {
			if round != nil {
				return
			}
			events := cambioLog(n + 1)
			var err error
			if base, err = Replay("k", events[:n], findAll); err != nil {
				b.Fatal(err)
			}
			if _, going := base.Current(); !going {
				b.Fatal("the next round starts a game")
			}
			round = events[n:]
			body, _ := json.Marshal(Undo{Seq: n + 1})
			undo = []Event{{Seq: n + 2, Kind: KindUndo, Payload: body}}
			after = base
			if err := after.applyAll(round, nil); err != nil {
				b.Fatal(err)
			}
			after.ownGames = false // published, as the cache does (cache.put)
		}
		b.Run(fmt.Sprintf("events=%d/round", n), func(b *testing.B) {
			setup(b)
			applyEach(b, base, round)
		})
		b.Run(fmt.Sprintf("events=%d/undo", n), func(b *testing.B) {
			setup(b)
			applyEach(b, after, undo)
		})
	}
}

// applyEach applies events to a copy of from at each turn of b.
func applyEach(b *testing.B, from Table, events []Event) {
	b.ReportAllocs()
	for b.Loop() {
		t := from
		if err := t.applyAll(events, nil); err != nil {
			b.Fatal(err)
		}
	}
}
