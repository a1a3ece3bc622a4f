package sessions

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// The walks over the whole log that the notes and lengths were read
// from at every version before the table kept them (facts.go): kept here
// as what the kept facts must give.

// clocks are the clocks of the games the log has ended or played, each as
// it stood at the game's newest entry (a clock running then stops there),
// from one walk over the log in effect; the walk of lengths uses it.
type clockWalk struct {
	cur    Clock
	byGame map[int]Clock
}

// see takes one entry in effect, in order.
func (w *clockWalk) see(e LogEntry) {
	switch {
	case isClock(e.Kind):
		if g := clockGameOf(e); g != w.cur.Game {
			w.cur = Clock{Game: g}
		}
		w.cur.take(e.Kind, e.At)
	case clockReset(e.Kind):
		if e.Kind == KindPlayStopped && e.Game > 0 && e.Game == w.cur.Game {
			w.close(e) // a game played along, stopped and kept
		}
		w.cur = Clock{}
	case putsGame(e.Kind) && e.Game > 0:
		if e.Game != w.cur.Game {
			w.cur = Clock{}
			return
		}
		w.close(e)
	}
}

// close keeps the clock of its game as it stands at e.
func (w *clockWalk) close(e LogEntry) {
	if !w.cur.Used {
		return
	}
	c := w.cur
	c.Ran, c.Running, c.Since = c.Elapsed(e.At), false, time.Time{}
	if w.byGame == nil {
		w.byGame = map[int]Clock{}
	}
	w.byGame[e.Game] = c
}

// lengthTimes are the times that count per game, and for the evening,
// from the log in effect (undone entries and undos left out), and the
// clocks of the games that were timed. A guided move before the game's
// last is a move of the game played along (its entry names no game yet):
// it counts for the game its play ends in.
func (t Table) lengthTimes() (games map[int][]time.Time, evening []time.Time, clocks map[int]Clock) {
	games = map[int][]time.Time{}
	var pending []time.Time // the opening and the moves of the game at hand
	var w clockWalk
	for _, e := range t.Log.All() {
		if e.Kind == KindUndo || t.UndoneBy(e.Seq) != 0 {
			continue
		}
		w.see(e)
		switch {
		case opening(e.Kind):
			pending = append(pending[:0:0], e.At)
			evening = append(evening, e.At)
		case e.Kind == KindPlayStep && e.Game == 0:
			pending = append(pending, e.At)
			evening = append(evening, e.At)
		case e.Kind == KindPlayStopped:
			if _, seen := games[e.Game]; e.Game > 0 && !seen {
				games[e.Game] = pending // kept unfinished: its moves
			}
			pending = nil
		case playsGame(e.Kind) && e.Game > 0:
			if _, seen := games[e.Game]; !seen {
				games[e.Game] = append(games[e.Game], pending...)
			}
			pending = nil
			games[e.Game] = append(games[e.Game], e.At)
			evening = append(evening, e.At)
		}
	}
	return games, evening, w.byGame
}

// notes are the notes in effect: each game's by its number, the
// evening's at eveningKey.
func (t Table) notesWalked() map[int]string {
	return func() any {
		notes := map[int]string{}
		for _, e := range t.Log.All() {
			if e.Kind != KindGameNoted && e.Kind != KindEveningNoted || t.UndoneBy(e.Seq) != 0 {
				continue
			}
			if e.Kind == KindEveningNoted {
				var n EveningNoted
				if json.Unmarshal(e.Payload, &n) == nil {
					notes[eveningKey] = n.Note
				}
				continue
			}
			var g GameNoted
			if json.Unmarshal(e.Payload, &g) == nil {
				notes[g.Game] = g.Note
			}
		}
		return notes
	}().(map[int]string)
}

// lengthsWalked are the games' lengths and the evening's from one walk.
func (t Table) lengthsWalked() (map[int]Length, Length) {
	times, evening, clocks := t.lengthTimes()
	games := map[int]Length{}
	for _, g := range t.Games.All() {
		if g.Imported != nil {
			games[g.Number] = Length{Minutes: g.Imported.Minutes, Start: g.Imported.PlayedAt()}
			continue
		}
		games[g.Number] = lengthOf(times[g.Number])
		if c, ok := clocks[g.Number]; ok && c.Ran > 0 {
			games[g.Number] = byClock(c, games[g.Number].Start)
		}
	}
	return games, lengthOf(evening)
}

// withNotesAndPauses is log with notes of its games and of the evening
// put in at random, and its gaps stretched at random past PauseLimit,
// each note kept when the table stays readable with it.
func withNotesAndPauses(rnd *rand.Rand, events []Event) []Event {
	out := []Event{events[0]}
	at := events[0].At
	for _, e := range events[1:] {
		if rnd.IntN(4) == 0 {
			t, err := Replay("k", out, findAll)
			if err == nil {
				var kind Kind
				var payload any
				switch {
				case rnd.IntN(3) == 0:
					kind, payload = KindEveningNoted, EveningNoted{Note: []string{"", "late", "with cake"}[rnd.IntN(3)]}
				case t.Games.Len() > 0:
					kind, payload = KindGameNoted, GameNoted{Game: 1 + rnd.IntN(t.Games.Len()), Note: []string{"", "first", "again"}[rnd.IntN(3)]}
				}
				if kind != "" {
					body, _ := json.Marshal(payload)
					at = at.Add(time.Minute)
					try := append(slices.Clip(out), Event{Seq: len(out) + 1, Kind: kind, Payload: body, At: at})
					if _, err := Replay("k", try, findAll); err == nil {
						out = try
					}
				}
			}
		}
		switch rnd.IntN(6) {
		case 0:
			at = at.Add(PauseLimit + time.Duration(rnd.IntN(90))*time.Minute)
		case 1:
			at = at.Add(-time.Minute) // a clock set back
		default:
			at = at.Add(time.Duration(rnd.IntN(20)) * time.Minute)
		}
		e.Seq, e.At = len(out)+1, at
		if e.Kind == KindUndo {
			// Undos name the event they take back: renumbered with the
			// notes put in before it, so the log is rebuilt as it goes.
			continue
		}
		if _, err := Replay("k", append(slices.Clip(out), e), findAll); err == nil {
			out = append(out, e)
		}
	}
	return out
}

// TestKeptFactsAreTheWalk holds the notes and lengths a table keeps as
// events come (and works out again after an undo) to the walk over the
// whole log in effect, at every version of random tables with notes,
// undos, clocks, guided play and pauses.
func TestKeptFactsAreTheWalk(t *testing.T) {
	noStore(t)
	withoutRace(t)
	rnd := rand.New(rand.NewPCG(33, 4))
	for run := range 12 {
		events := genLog(rnd, 60)
		if run%2 == 1 {
			events = withUndos(rnd, withNotesAndPauses(rnd, events))
		}
		for n := 1; n <= len(events); n++ {
			tb, err := Replay("k", events[:n], findAll)
			if err != nil {
				continue
			}
			games, evening := tb.lengthsWalked()
			if got := tb.EveningLength(); got != evening {
				t.Fatalf("run %d, at %d: evening %+v, the walk gives %+v", run, n, got, evening)
			}
			for g := 0; g <= tb.Games.Len()+1; g++ {
				if got := tb.GameLength(g); got != games[g] {
					t.Fatalf("run %d, at %d: game %d took %+v, the walk gives %+v", run, n, g, got, games[g])
				}
			}
			notes := tb.notesWalked()
			if got := tb.EveningNote(); got != notes[eveningKey] {
				t.Fatalf("run %d, at %d: evening note %q, the walk gives %q", run, n, got, notes[eveningKey])
			}
			for g := 1; g <= tb.Games.Len(); g++ {
				if got, ok := tb.facts.note(g); got != notes[g] || ok != (notes[g] != "" || func() bool { _, ok := notes[g]; return ok }()) {
					t.Fatalf("run %d, at %d: game %d's note %q, the walk gives %q", run, n, g, got, notes[g])
				}
			}
		}
	}
}

// withUndos puts undos of the newest event in effect into log at random,
// each kept when the table stays readable with it.
func withUndos(rnd *rand.Rand, events []Event) []Event {
	out := []Event{events[0]}
	for _, e := range events[1:] {
		e.Seq = len(out) + 1
		out = append(out, e)
		if rnd.IntN(5) != 0 {
			continue
		}
		t, err := Replay("k", out, findAll)
		if err != nil || t.effect == nil {
			continue
		}
		body, _ := json.Marshal(Undo{Seq: t.effect.seq})
		try := append(slices.Clip(out), Event{Seq: len(out) + 1, Kind: KindUndo, Payload: body, At: e.At.Add(time.Second)})
		if _, err := Replay("k", try, findAll); err == nil {
			out = try
		}
	}
	return out
}

// BenchmarkNotesAndLengths is what the game and evening pages read of a
// new version of a long Cambio table: the evening's length and note, the
// newest game's length and note, once per version (a version's first
// reader pays what it costs; later ones read it kept).
func BenchmarkNotesAndLengths(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		tb, err := Replay("k", cambioLog(n), findAll)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("events=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				v := tb
				v.derived = newDerived() // a new version, nothing derived yet
				last := v.Games.Len()
				if v.EveningLength().Minutes == 0 || v.GameLength(last).Minutes == 0 || v.Note(last) != "" || v.EveningNote() != "" {
					b.Fatal("no lengths, or notes where none were written")
				}
			}
		})
	}
}
