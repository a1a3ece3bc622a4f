package sessions

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"
)

// chunksRead counts the chunks of t's kept log decoded so far.
func chunksRead(t Table) int {
	if t.Log.kept == nil {
		return 0
	}
	return decoded(t.Log.kept.chunks)
}

// decoded counts the chunks decoded so far (of a kept log or stack).
func decoded[T any](chunks []keptChunk[T]) int {
	n := 0
	for i := range chunks {
		if chunks[i].read.Load() != nil {
			n++
		}
	}
	return n
}

// lastStartScanned is the newest guided game's start still in effect,
// found as Auf der Hut's setup page found it before the table kept it:
// the log read back from its newest event.
func lastStartScanned(t Table) (int, bool) {
	for _, e := range t.Log.Backward(t.Log.Len()) {
		if e.Kind == KindPlayStarted && t.UndoneBy(e.Seq) == 0 {
			return e.Seq, true
		}
	}
	return 0, false
}

// undoNewest appends to t an undo of its newest event in effect.
func undoNewest(t *Table, at time.Time) (Event, error) {
	body, _ := json.Marshal(Undo{Seq: t.effect.seq})
	u := Event{Seq: t.Head + 1, Kind: KindUndo, Payload: body, At: at}
	return u, t.applyAll([]Event{u}, nil)
}

// The newest guided start in effect, which the table keeps, is the one
// the log read back gives, at every version of random tables with guided
// play and undos, replayed and loaded from a snapshot.
func TestLastPlayStartedIsTheScan(t *testing.T) {
	noStore(t)
	rnd := rand.New(rand.NewPCG(41, 43))
	found := 0
	for run := range 16 {
		events := withUndos(rnd, genLog(rnd, 30))
		for n := 1; n <= len(events); n++ {
			tb, err := Replay("k", events[:n], findAll)
			if err != nil {
				continue
			}
			_, loaded := loadedBase(t, events[:n])
			for _, x := range []Table{tb, loaded} {
				want, wok := lastStartScanned(x)
				got, ok := x.LastPlayStarted()
				if ok != wok || ok && got.Seq != want {
					t.Fatalf("run %d, at %d: newest guided start %d (%v), the log read back gives %d (%v)", run, n, got.Seq, ok, want, wok)
				}
				if ok {
					found++
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no table had a guided game started")
	}
}

// A cold table asked for its newest guided start, when it has none,
// decodes none of its log: Auf der Hut's setup page costs the same at
// 600 events as at 6,000.
func TestLastPlayStartedReadsNothing(t *testing.T) {
	noStore(t)
	for _, n := range []int{600, 6000} {
		_, loaded := loadedBase(t, cambioLog(n))
		if _, ok := loaded.LastPlayStarted(); ok {
			t.Fatalf("%d events: a guided start in a table of rounds", n)
		}
		if r := chunksRead(loaded); r != 0 {
			t.Fatalf("%d events: asking decoded %d chunks of the log", n, r)
		}
	}
}

// An undo of an event in effect a snapshot gave, right after a restart,
// reads one stretch of the log, not all of it: 30 undos in a row of a
// loaded Cambio table decode the same chunks at 600 events as at 6,000
// (the old walk over the whole log decoded every chunk at the first),
// and leave the facts the walk gives.
func TestColdUndoReadsOneStretch(t *testing.T) {
	noStore(t)
	read := map[int]int{}
	for _, n := range []int{600, 6000} {
		_, loaded := loadedBase(t, cambioLog(n))
		at := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
		for i := range 30 {
			if _, err := undoNewest(&loaded, at.Add(time.Duration(i)*time.Second)); err != nil {
				t.Fatal(err)
			}
			if r := chunksRead(loaded); r > 2 {
				t.Fatalf("%d events: undo %d decoded %d chunks of %d", n, i+1, r, len(loaded.Log.kept.chunks))
			}
		}
		read[n] = chunksRead(loaded)
		if got, want := flatFacts(loaded.facts), flatFacts(walkFacts(&loaded)); !reflect.DeepEqual(got, want) {
			t.Fatalf("%d events: after 30 undos the facts are %+v, the walk gives %+v", n, got, want)
		}
	}
	if read[600] != read[6000] {
		t.Fatalf("30 undos decoded %d chunks at 600 events, %d at 6,000", read[600], read[6000])
	}
}

// The facts after undos of events a snapshot gave are those of the
// replay: random logs with notes, pauses, clocks, guided play and undos,
// loaded from a base and parts in short chunks at a random head, the
// rest of the log applied, then every event in effect undone in turn;
// at each undo the facts are the walk's over the log in effect, and at
// the end the table is the replay's. It fails unless some undos worked
// out the facts from a state below the undone event and put back a note
// it had replaced.
func TestColdUndoIsTheReplay(t *testing.T) {
	noStore(t)
	rnd := rand.New(rand.NewPCG(47, 53))
	fromBelow, notes, kept, crossed := 0, 0, 0, 0
	for i := range 12 {
		events := withNotesAndPauses(rnd, genLog(rnd, 30+rnd.IntN(30)))
		cut := 1 + rnd.IntN(len(events))
		loaded := loadInParts(t, rnd, i, events, cut)
		k := keptStackOf(loaded)
		last := events[len(events)-1].At
		for loaded.effect != nil {
			if c := loaded.effect.check; c != nil {
				kept++
				if c.state == nil {
					fromBelow++
				}
				if c.note != nil {
					notes++
				}
			}
			last = last.Add(time.Second)
			u, err := undoNewest(&loaded, last)
			if err != nil {
				t.Fatal(err)
			}
			events = append(events, u)
			if got, want := flatFacts(loaded.facts), flatFacts(walkFacts(&loaded)); !reflect.DeepEqual(got, want) {
				t.Fatalf("log %d (loaded to %d), undo %d: facts %+v, the walk gives %+v", i, cut, u.Seq, got, want)
			}
		}
		if k != nil {
			if r := stackChunksRead(k); r != len(k.chunks) {
				t.Fatalf("log %d: undoing all decoded %d chunks of %d of the base's events in effect", i, r, len(k.chunks))
			}
			crossed += len(k.chunks) - 1
		}
		want, err := Replay("k", events, findAll)
		if err != nil {
			t.Fatal(err)
		}
		loaded.ownGames = false
		sameTables(t, fmt.Sprintf("log %d (loaded to %d, all undone)", i, cut), loaded, want)
	}
	if fromBelow == 0 || notes == 0 || crossed == 0 {
		t.Fatalf("%d undos of events a snapshot gave, %d from a state below, %d putting a note back, %d into a lower chunk of a base's events in effect: nothing tested",
			kept, fromBelow, notes, crossed)
	}
	t.Logf("%d undos of events a snapshot gave, %d from a state below, %d putting a note back, %d into a lower chunk", kept, fromBelow, notes, crossed)
}

// keptStackOf is the stack of events in effect t's base part keeps
// encoded, found below its top (nil for none).
func keptStackOf(t Table) *keptStack {
	for fx := t.effect; fx != nil; fx = fx.next {
		if fx.lower != nil {
			return fx.lower.stack
		}
	}
	return nil
}

// stackChunksRead counts the chunks of k decoded so far.
func stackChunksRead(k *keptStack) int {
	if k == nil {
		return 0
	}
	return decoded(k.chunks)
}

// A restart decodes the newest chunk of the events in effect a base
// kept, and of the log none: the same at 600 events as at 6,000 (each
// a Cambio round in effect). Undoing them all decodes every chunk, each
// once, and leaves the table the replay gives.
func TestColdStackReadsItsTop(t *testing.T) {
	noStore(t)
	for _, n := range []int{600, 6000} {
		events := cambioLog(n)
		_, loaded := loadedBase(t, events)
		k := keptStackOf(loaded)
		if k == nil || len(k.chunks) != (n-2)/logChunk+1 {
			t.Fatalf("%d events: the base decoded its events in effect whole", n)
		}
		if r := stackChunksRead(k); r != 1 || chunksRead(loaded) != 0 {
			t.Fatalf("%d events: loading decoded %d chunks of %d of the events in effect, %d of the log", n, r, len(k.chunks), chunksRead(loaded))
		}
		if n > 600 {
			continue
		}
		at := events[len(events)-1].At
		for loaded.effect != nil {
			at = at.Add(time.Second)
			u, err := undoNewest(&loaded, at)
			if err != nil {
				t.Fatal(err)
			}
			events = append(events, u)
		}
		if r := stackChunksRead(k); r != len(k.chunks) {
			t.Fatalf("undoing all decoded %d chunks of %d", r, len(k.chunks))
		}
		want, err := Replay("k", events, findAll)
		if err != nil {
			t.Fatal(err)
		}
		loaded.ownGames = false
		sameTables(t, "all undone", loaded, want)
	}
}

// Requests read a loaded table at once: goroutines each undoing the
// newest 60 events of their own version of one loaded table (whose
// stack and log chunks they share, decoding them together) each get
// the replay's table (go test -race checks they share nothing unsafely).
func TestColdStackAtOnce(t *testing.T) {
	noStore(t)
	events := cambioLog(400)
	_, loaded := loadedInChunks(t, events, 16)
	at := events[len(events)-1].At
	var undos []Event
	for i := range 60 {
		body, _ := json.Marshal(Undo{Seq: len(events) - i})
		undos = append(undos, Event{Seq: len(events) + i + 1, Kind: KindUndo, Payload: body, At: at.Add(time.Duration(i+1) * time.Second)})
	}
	want, err := Replay("k", append(slices.Clip(events), undos...), findAll)
	if err != nil {
		t.Fatal(err)
	}
	want = comparable(want)
	var wg sync.WaitGroup
	got := make([]Table, 4)
	for g := range got {
		wg.Go(func() {
			mine := loaded.view() // as the cache hands a version out
			if err := mine.applyAll(undos, nil); err != nil {
				t.Error(err)
				return
			}
			mine.ownGames = false
			got[g] = mine
		})
	}
	wg.Wait()
	for g := range got {
		if c := comparable(got[g]); !reflect.DeepEqual(c, want) {
			t.Fatalf("goroutine %d: %s", g, diff("table", reflect.ValueOf(c), reflect.ValueOf(want), 0))
		}
	}
}

// A chunk of the events in effect that does not read (never after a
// part whose checksum matched, as every loaded one did) makes the undo
// that reaches it refused, never a crash nor an undo of another event.
func TestDamagedStackChunkIsRefused(t *testing.T) {
	noStore(t)
	events := cambioLog(600)
	replayed, err := Replay("k", events, findAll)
	if err != nil {
		t.Fatal(err)
	}
	part, err := encodePart(&replayed, 0, "test")
	if err != nil {
		t.Fatal(err)
	}
	var loaded Table
	if err := decodePart(&loaded, part, findAll); err != nil {
		t.Fatal(err)
	}
	k := keptStackOf(loaded)
	if k == nil || len(k.chunks) < 2 {
		t.Fatal("no chunk below the top")
	}
	below := len(k.chunks) - 2
	for i := k.chunks[below].at; i < k.chunks[below].end; i++ {
		part[i+uint32(partFront)] = 0xff // the part's body starts after its magic and its front's length
	}
	at := events[len(events)-1].At
	for i := 0; ; i++ {
		if loaded.effect == nil || i > 600 {
			t.Fatal("every undo was applied")
		}
		want := loaded.effect.seq
		at = at.Add(time.Second)
		_, err := undoNewest(&loaded, at)
		if err != nil {
			if want > 0 {
				t.Fatalf("undo of event %d refused: %v", want, err)
			}
			break
		}
		if loaded.UndoneBy(want) == 0 {
			t.Fatalf("the undo of event %d took back another", want)
		}
	}
}

// gameChunksRead counts the chunks of t's kept games decoded so far.
func gameChunksRead(t Table) int {
	if t.Games.kept == nil {
		return 0
	}
	return decoded(t.Games.kept.chunks)
}

// A table loaded from its base keeps the base's full chunks of games
// encoded: loading decodes none of them, at 600 and at 6,000 events, nor
// does reading the newest game and the count (what a table page reads);
// an old game decodes its own chunk alone and is the replay's game; four
// goroutines reading every game at once (under -race) leave the table
// the replay's, each chunk decoded.
func TestColdGamesReadTheNewest(t *testing.T) {
	noStore(t)
	for _, n := range []int{600, 6000} {
		events := cambioLog(n)
		want, loaded := loadedBase(t, events)
		k := loaded.Games.kept
		if k == nil || len(k.chunks) != loaded.Games.Len()/gameChunk || len(k.chunks) == 0 {
			t.Fatalf("%d events: the base decoded its %d games whole", n, loaded.Games.Len())
		}
		if r := gameChunksRead(loaded); r != 0 {
			t.Fatalf("%d events: loading decoded %d chunks of %d of the games", n, r, len(k.chunks))
		}
		last, ok := loaded.Games.Last()
		if !ok || last.Number != loaded.Games.Len() || loaded.Games.Len() != want.Games.Len() {
			t.Fatalf("%d events: the newest game is %d of %d, want %d", n, last.Number, loaded.Games.Len(), want.Games.Len())
		}
		if r := gameChunksRead(loaded); r != 0 {
			t.Fatalf("%d events: the newest game decoded %d chunks", n, r)
		}
		first := loaded.Games.At(0)
		if r := gameChunksRead(loaded); r != 1 {
			t.Fatalf("%d events: the first game decoded %d chunks, want its own", n, r)
		}
		if g := want.Games.At(0); first.Number != 1 || !reflect.DeepEqual(first.Record, g.Record) || !reflect.DeepEqual(first.Result(), g.Result()) {
			t.Fatalf("%d events: the first game read from its chunk is not the replay's", n)
		}
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for i, g := range loaded.Games.All() {
					if g.Number != i+1 {
						t.Errorf("game %d read as %d", i+1, g.Number)
						return
					}
				}
			})
		}
		wg.Wait()
		if r := gameChunksRead(loaded); r != len(k.chunks) {
			t.Fatalf("%d events: reading every game decoded %d chunks of %d", n, r, len(k.chunks))
		}
		sameTables(t, fmt.Sprintf("%d events, every game read", n), loaded, want)
	}
}
