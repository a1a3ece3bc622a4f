package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"tablemate/scoring"
	"tablemate/scoring/kks"
)

// timed gives each event its time: minutes after 19:00.
func timed(events []Event, minutes ...float64) []Event {
	at := time.Date(2026, 11, 20, 19, 0, 0, 0, time.UTC)
	for i := range events {
		events[i].At = at.Add(time.Duration(minutes[i] * float64(time.Minute)))
	}
	return events
}

func raceRound(a, b int) RoundRecorded {
	r, _ := json.Marshal(map[string]any{"players": []map[string]any{{"name": "Ana", "total": a}, {"name": "Ben", "total": b}}})
	return RoundRecorded{Round: r}
}

func roundOf(game, a, b int) RoundRecorded {
	r := raceRound(a, b)
	r.Game = game
	return r
}

// TestClockOfRoundGames: a clock started, paused and started again times
// its game without the pause; a clock running when the game ends stops
// there; the game's length is the clock's; the next game has a clock of
// its own; an undo passes over the clock and takes back the round.
func TestClockOfRoundGames(t *testing.T) {
	noStore(t)
	events := timed(log(
		KindTableCreated, TableCreated{Game: "race", Players: []string{"Ana", "Ben"}},
		KindClockStarted, ClockSet{Game: 1}, // 19:01
		KindRoundRecorded, roundOf(1, 3, 4), // 19:05
		KindClockPaused, ClockSet{Game: 1}, // 19:10
		KindClockStarted, ClockSet{Game: 1}, // 19:40, after a 30-minute pause
		KindRoundRecorded, roundOf(1, 10, 0), // 19:45, game over
		KindClockPaused, ClockSet{Game: 2}, // 19:46: never started, does nothing
		KindClockStarted, ClockSet{Game: 2}, // 19:50
		KindRoundRecorded, roundOf(2, 1, 1), // 19:55
	), 0, 1, 5, 10, 40, 45, 46, 50, 55)
	tb, err := Replay("k", events, findRace)
	if err != nil {
		t.Fatal(err)
	}
	if l := tb.GameLength(1); l.Minutes != 14 || !l.Clock || l.Paused != 0 {
		t.Errorf("game 1 by its clock: %+v, want 14 minutes (9 + 5) by the clock", l)
	}
	c := tb.Clock()
	if c.Game != 2 || !c.Used || !c.Running || !c.Since.Equal(events[7].At) || c.Ran != 0 {
		t.Errorf("game 2's clock: %+v", c)
	}
	if got := c.Elapsed(events[7].At.Add(3 * time.Minute)); got != 3*time.Minute {
		t.Errorf("elapsed 3 minutes after its start: %v", got)
	}
	if got := c.Elapsed(events[7].At.Add(-time.Minute)); got != 0 {
		t.Errorf("a now before the start counts %v", got)
	}
	// Undo takes back the round, not a clock event; the clock runs on.
	if e, ok := tb.Newest(); !ok || e.Seq != 9 {
		t.Fatalf("the newest entry an undo takes back: %+v", e)
	}
	undone := append(events, Event{Seq: 10, Kind: KindUndo, Payload: json.RawMessage(`{"seq":9}`), At: events[8].At.Add(time.Minute)})
	tb, err = Replay("k", undone, findRace)
	if err != nil {
		t.Fatal(err)
	}
	if c := tb.Clock(); c.Game != 2 || !c.Running || !c.Since.Equal(events[7].At) {
		t.Errorf("after the undo of game 2's round: %+v", c)
	}
	if e, ok := tb.Newest(); !ok || e.Seq != 6 {
		t.Errorf("after one undo the newest entry in effect is %d, want 6 (the round that ended game 1)", e.Seq)
	}

	// Without a clock, today's rule: 19:05 to 19:45 in one gap over 30
	// minutes, left out as a pause.
	plain := timed(log(
		KindTableCreated, TableCreated{Game: "race", Players: []string{"Ana", "Ben"}},
		KindRoundRecorded, roundOf(1, 3, 4),
		KindRoundRecorded, roundOf(1, 4, 0),
		KindRoundRecorded, roundOf(1, 10, 0),
	), 0, 5, 15, 25)
	tb, _ = Replay("k", plain, findRace)
	if l := tb.GameLength(1); l.Minutes != 20 || l.Clock {
		t.Errorf("game 1 without a clock: %+v, want 20 minutes by its entries", l)
	}
	if c := tb.Clock(); c.Game != 2 || c.Used {
		t.Errorf("the next game's clock before a start: %+v", c)
	}
}

// TestClockOfAGamePlayedAlong: a game played along and discarded takes its
// clock with it (the same game number started again has a clock of its
// own); the clock paused mid-game leaves the pause out of the game's
// length; without a clock, the moves of a game played along count for its
// length as its entries (each move, not only its first and last).
func TestClockOfAGamePlayedAlong(t *testing.T) {
	noStore(t)
	steps := guidedSteps()
	kinds := []any{
		KindTableCreated, TableCreated{Game: kks.Slug, Players: []string{"Ana", "Ben"}},
		KindPlayStarted, PlayStarted{Setup: guidedSetup}, // 0
		KindClockStarted, ClockSet{Game: 1}, // 1
		KindPlayStep, PlayStep{Step: steps[0]}, // 2
		KindPlayStopped, PlayStopped{}, // 3: discarded
		KindPlayStarted, PlayStarted{Setup: guidedSetup}, // 4
	}
	mins := []float64{0, 0, 1, 2, 3, 4}
	tb, err := Replay("k", timed(log(kinds...), mins...), findKKS)
	if err != nil {
		t.Fatal(err)
	}
	if c := tb.Clock(); c.Game != 1 || c.Used {
		t.Fatalf("game 1 played along again after a discard: %+v, want an unused clock", c)
	}
	kinds = append(kinds, KindClockStarted, ClockSet{Game: 1})
	mins = append(mins, 5)
	at := 5.0
	for i, s := range steps {
		at++
		if i == 10 {
			kinds = append(kinds, KindClockPaused, ClockSet{Game: 1})
			mins = append(mins, at-0.5)
			at += 20 // dinner
			kinds = append(kinds, KindClockStarted, ClockSet{Game: 1})
			mins = append(mins, at-0.5)
		}
		kinds = append(kinds, KindPlayStep, PlayStep{Step: s})
		mins = append(mins, at)
	}
	events := timed(log(kinds...), mins...)
	tb, err = Replay("k", events, findKKS)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Games.Len() != 1 || tb.Play != nil {
		t.Fatalf("the game played along did not end: %d games", tb.Games.Len())
	}
	// 19:05 to the last move (19:06 + 33 + 20 = 19:59), less the 20
	// minutes paused.
	if l := tb.GameLength(1); l.Minutes != 34 || !l.Clock {
		t.Errorf("game 1 by its clock: %+v, want 34 minutes", l)
	}
	if c := tb.Clock(); c.Game != 0 {
		t.Errorf("after the game played along, a table of whole games times %+v", c)
	}

	// The same game without the clock: every move counts, so the 20
	// minutes between two moves are play (not over 30 minutes).
	var plain []Event
	for _, e := range events {
		if !isClock(e.Kind) {
			e.Seq = len(plain) + 1
			plain = append(plain, e)
		}
	}
	tb, err = Replay("k", plain, findKKS)
	if err != nil {
		t.Fatal(err)
	}
	if l := tb.GameLength(1); l.Clock || l.Minutes != 55 || l.Paused != 0 {
		t.Errorf("game 1 without its clock: %+v, want 55 minutes from its start (19:04) to its last move (19:59)", l)
	}
}

// TestClockCommands: starting and pausing through the store, with the
// version seen and a one-time token: a repeated token answers the first
// write, a stale version is refused, a second start of a running clock
// and a clock of another game are refused naming the field, a table of
// whole games has no clock; a reopened store (replayed, or loaded from
// its snapshot) shows the same clock.
func TestClockCommands(t *testing.T) {
	st, err := Open(testDB(t, "clock.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	if _, _, err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	ts := NewTables(st, findRace)
	id, err := ts.Create(ctx, "", TableCreated{Game: "race", Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	a, err := ts.StartClock(ctx, id, 1, "start-1", 1)
	if err != nil {
		t.Fatal(err)
	}
	again, err := ts.StartClock(ctx, id, 1, "start-1", 1)
	if err != nil || !again.Repeat || again.Event.Seq != a.Event.Seq {
		t.Errorf("the same form again: %+v %v", again, err)
	}
	if _, err := ts.PauseClock(ctx, id, 1, "start-1", 1); !errors.Is(err, ErrTokenUsed) {
		t.Errorf("a start's token used for a pause: %v", err)
	}
	var stale *StaleError
	if _, err := ts.PauseClock(ctx, id, 1, "pause-stale", 1); !errors.As(err, &stale) {
		t.Errorf("a pause on an old version: %v", err)
	}
	var in *scoring.InputError
	if _, err := ts.StartClock(ctx, id, 2, "start-2", 1); !errors.As(err, &in) || in.Field != "clock" {
		t.Errorf("a start of a running clock: %v", err)
	}
	if _, err := ts.PauseClock(ctx, id, 2, "pause-3", 3); !errors.As(err, &in) || in.Field != "game" {
		t.Errorf("a pause of another game's clock: %v", err)
	}
	p, err := ts.PauseClock(ctx, id, 2, "pause-1", 1)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := ts.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	c := tb.Clock()
	if c.Running || !c.Used || c.Ran != p.Event.At.Sub(a.Event.At) {
		t.Errorf("paused clock: %+v, want it to have run %v", c, p.Event.At.Sub(a.Event.At))
	}
	if _, err := ts.PauseClock(ctx, id, tb.Head, "pause-2", 1); !errors.As(err, &in) || in.Field != "clock" {
		t.Errorf("a pause of a paused clock: %v", err)
	}

	// A whole-game table times nothing.
	sum, _ := ts.Create(ctx, "", TableCreated{Game: "sum", Players: []string{"Ana", "Ben"}})
	if _, err := ts.StartClock(ctx, sum, 1, "", 1); !errors.As(err, &in) || in.Field != "clock" {
		t.Errorf("a clock on a whole-game table: %v", err)
	}

	// A fresh server (no cache) replays the log to the same clock.
	fresh := NewTables(st, findRace)
	tb2, err := fresh.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got := tb2.Clock(); got != c {
		t.Errorf("replayed: %+v, want %+v", got, c)
	}
}

// TestClockSurvivesTheSnapshot: a table with clock events, written as a
// snapshot part and read back, is the replayed table, with the same
// clock and lengths.
func TestClockSurvivesTheSnapshot(t *testing.T) {
	noStore(t)
	events := timed(log(
		KindTableCreated, TableCreated{Game: "race", Players: []string{"Ana", "Ben"}},
		KindClockStarted, ClockSet{Game: 1},
		KindRoundRecorded, roundOf(1, 3, 4),
		KindClockPaused, ClockSet{Game: 1},
		KindClockStarted, ClockSet{Game: 1},
		KindRoundRecorded, roundOf(1, 10, 0),
		KindClockStarted, ClockSet{Game: 2},
		KindRoundRecorded, roundOf(2, 1, 1),
		KindClockPaused, ClockSet{Game: 2},
	), 0, 1, 5, 10, 40, 45, 50, 55, 57)
	want, err := Replay("k", events, findRace)
	if err != nil {
		t.Fatal(err)
	}
	for _, from := range []int{0, 3} {
		var got Table
		if from > 0 {
			base, _ := Replay("k", events[:from], findRace)
			part, err := encodePart(&base, 0, "test")
			if err != nil {
				t.Fatal(err)
			}
			if err := decodePart(&got, part, findRace); err != nil {
				t.Fatal(err)
			}
		}
		part, err := encodePart(&want, from, "test")
		if err != nil {
			t.Fatal(err)
		}
		if err := decodePart(&got, part, findRace); err != nil {
			t.Fatal(err)
		}
		sameTables(t, "clock table", got, want)
		if got.Clock() != want.Clock() || got.GameLength(1) != want.GameLength(1) {
			t.Errorf("from %d: clock %+v and length %+v, want %+v and %+v", from, got.Clock(), got.GameLength(1), want.Clock(), want.GameLength(1))
		}
	}
	if c := want.Clock(); c.Game != 2 || c.Running || c.Ran != 7*time.Minute {
		t.Errorf("game 2's clock: %+v, want paused after 7 minutes", c)
	}
}

// TestClockTapKeepsEntriesFresh: another phone's tap on the clock does
// not turn an entry made on the version before it into a conflict: the
// round is recorded at the head, after the tap. Anything else since the
// entry's version (a round) still does, as do the clock's own taps and an
// undo made on a version the clock moved on from, and a version too far
// behind the head.
func TestClockTapKeepsEntriesFresh(t *testing.T) {
	_, ts := openTestWith(t, findRace)
	ctx := context.Background()
	id, err := ts.Create(ctx, "", TableCreated{Game: "race", Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	round := func(a, b int) json.RawMessage { return raceRound(a, b).Round }
	// Phone 1 opens round entry at version 1; phone 2 starts the clock.
	if _, err := ts.StartClock(ctx, id, 1, "start", 1); err != nil {
		t.Fatal(err)
	}
	r, err := ts.RecordRound(ctx, id, 1, "round-1", round(3, 5))
	if err != nil {
		t.Fatalf("a round entered before another phone's clock tap: %v", err)
	}
	if r.Event.Seq != 3 {
		t.Errorf("the round was recorded as event %d, want 3 (after the tap)", r.Event.Seq)
	}
	// Sent again (a lost answer), it is the same entry, not a second one.
	if again, err := ts.RecordRound(ctx, id, 1, "round-1", round(3, 5)); err != nil || !again.Repeat || again.Event.Seq != 3 {
		t.Errorf("the same round sent again: %+v %v", again, err)
	}
	var stale *StaleError
	// A round since the entry's version is a conflict, clock or not.
	if _, err := ts.PauseClock(ctx, id, 3, "pause", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.RecordRound(ctx, id, 2, "round-old", round(1, 1)); !errors.As(err, &stale) {
		t.Errorf("a round on a version a round moved on from: %v", err)
	} else if stale.Entries != 1 {
		// Since version 2: the round and a pause; the pause is no entry.
		t.Errorf("the conflict counts %d entries since version 2, want 1 (the clock's taps not counted)", stale.Entries)
	}
	// The clock's own taps and an undo are not moved to the head.
	if _, err := ts.StartClock(ctx, id, 3, "start-old", 1); !errors.As(err, &stale) {
		t.Errorf("a clock tap on a version the clock moved on from: %v", err)
	}
	if _, err := ts.Undo(ctx, id, 3, "undo-old"); !errors.As(err, &stale) {
		t.Errorf("an undo on a version the clock moved on from: %v", err)
	}
	tb, err := ts.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Head != 4 || tb.Games.Len() != 1 {
		t.Fatalf("head %d and %d games, want 4 and 1", tb.Head, tb.Games.Len())
	}
	// Too far behind: more clock taps than maxClockRebase since the
	// entry's version is a conflict (the look back is bounded).
	head := tb.Head
	for i := range maxClockRebase + 1 {
		var err error
		if i%2 == 0 {
			_, err = ts.StartClock(ctx, id, head, fmt.Sprint("s", i), 1)
		} else {
			_, err = ts.PauseClock(ctx, id, head, fmt.Sprint("p", i), 1)
		}
		if err != nil {
			t.Fatal(err)
		}
		head++
	}
	if _, err := ts.RecordRound(ctx, id, 4, "round-far", round(2, 2)); !errors.As(err, &stale) {
		t.Errorf("a round %d clock taps behind: %v", maxClockRebase+1, err)
	} else if stale.Entries != 0 {
		t.Errorf("only the clock moved on, yet the conflict counts %d entries", stale.Entries)
	}

	if _, err := ts.RecordRound(ctx, id, head-maxClockRebase, "round-near", round(2, 2)); err != nil {
		t.Errorf("a round %d clock taps behind: %v", maxClockRebase, err)
	}
}

// TestEntriesSinceCountsNoClockTaps: a conflict's count of entries made
// since the client's version leaves the clock's taps out, and is not
// known (0) for a version further back than it looks (the walk is
// bounded, whatever version a client sends) or not behind at all.
func TestEntriesSinceCountsNoClockTaps(t *testing.T) {
	tb := Table{Head: 2 * maxEntriesCounted}
	for i := range tb.Head {
		k := KindRoundRecorded
		if i%2 == 1 {
			k = KindClockStarted
		}
		tb.Log.append(LogEntry{Event: Event{Seq: i + 1, Kind: k}})
	}
	for _, c := range []struct{ seen, want int }{
		{tb.Head - 1, 0},  // the newest event is a tap
		{tb.Head - 2, 1},  // a round and a tap
		{tb.Head - 10, 5}, // five of each
		{tb.Head - maxEntriesCounted, maxEntriesCounted / 2},
		{tb.Head - maxEntriesCounted - 1, 0}, // too far back: not known
		{0, 0},
		{-5, 0},
		{tb.Head, 0},
		{tb.Head + 3, 0},
	} {
		if got := entriesSince(&tb, c.seen); got != c.want {
			t.Errorf("entries since version %d of %d: %d, want %d", c.seen, tb.Head, got, c.want)
		}
	}
}
