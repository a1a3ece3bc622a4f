package sessions

import (
	"context"
	"encoding/json"
	"time"

	"tablemate/scoring"
)

// The clock: an optional stopwatch of the game at hand, for a game played
// along or entered round by round. Starting it, pausing it and starting it
// again are written like any entry (the version seen, a one-time token),
// as clock_started and clock_paused, each naming the game it times; every
// phone works the clock out of those events' times, so all show the same.
//
// A clock is not an entry one takes back: Undo passes over it (it takes
// back the newest move or round, as before), and a clock tapped wrongly is
// put right by the other button. Its events change no game, so applying
// one changes nothing in the table either: the clock is read from the log.
//
// Which clock events count for a game: those naming it since the last
// boundary before it — the choice of a game, the start or stop of a game
// played along, the entry of another game, a clock event of another game.
// A game played along and discarded, then started again as the same
// number, so starts with a clock of its own.
//
// A game timed by its clock takes the clock's running time as its length
// (Table.GameLength), the clock's pauses left out; a clock still running
// when the game ends stops there.

// The clock's event kinds.
const (
	KindClockStarted Kind = "clock_started"
	KindClockPaused  Kind = "clock_paused"
)

// ClockSet is the payload of both clock events: the game the clock times.
type ClockSet struct {
	Game int `json:"game"`
}

// Clock is the clock of one game as the log has it.
type Clock struct {
	// Game is the game it times (0: the table times no game now).
	Game int
	// Used is set once the clock was started for the game.
	Used bool
	// Running is set while it runs, since Since.
	Running bool
	Since   time.Time
	// Ran is the running time before Since (all of it while paused).
	Ran time.Duration
}

// Elapsed is the clock's running time at now. A server's now before the
// clock's last start counts nothing from that start.
func (c Clock) Elapsed(now time.Time) time.Duration {
	if c.Running {
		return c.Ran + max(0, now.Sub(c.Since))
	}
	return c.Ran
}

// take applies a clock event of the clock's game.
func (c *Clock) take(k Kind, at time.Time) {
	switch {
	case k == KindClockStarted && !c.Running:
		c.Used, c.Running, c.Since = true, true, at
	case k == KindClockPaused && c.Running:
		c.Ran += max(0, at.Sub(c.Since))
		c.Running, c.Since = false, time.Time{}
	}
}

// isClock tells the clock's events.
func isClock(k Kind) bool { return k == KindClockStarted || k == KindClockPaused }

// maxClockRebase bounds how many events a write may be behind the head
// and still be recorded at it (onlyClockSince): the look back costs one
// step per event, never a table's length.
const maxClockRebase = 64

// onlyClockSince reports whether every event after version seen up to
// the table's head is a clock event (and there are at most
// maxClockRebase of them): the clock changes nothing a command checks.
func onlyClockSince(t *Table, seen int) bool {
	if seen < 1 || seen >= t.Head || t.Head-seen > maxClockRebase || t.Log.Len() != t.Head {
		return false
	}
	for _, e := range t.Log.From(seen) {
		if !isClock(e.Kind) {
			return false
		}
	}
	return true
}

// maxEntriesCounted bounds how far back entriesSince looks: a client
// further behind than that is told the table moved on, not by how many
// entries (a hostile version costs no walk of a long log).
const maxEntriesCounted = 256

// entriesSince counts the entries after version seen up to the table's
// head, not counting the clock's taps; 0 when it is not known (seen is
// not behind the head, further behind than maxEntriesCounted, or the log
// is not all at hand).
func entriesSince(t *Table, seen int) int {
	if seen < 0 || seen >= t.Head || t.Head-seen > maxEntriesCounted || t.Log.Len() != t.Head {
		return 0
	}
	n := 0
	for _, e := range t.Log.From(seen) {
		if !isClock(e.Kind) {
			n++
		}
	}
	return n
}

// rebases reports whether a write of this kind may be recorded at a head
// that only the clock moved since the client's version. The clock's own
// taps may not (a pause seen running must find it running), nor an undo
// (it takes back the newest entry in effect, which the client did not
// see).
func (r repeat) rebases() bool {
	return !isClock(r.kind) && r.kind != KindUndo
}

// clockReset tells the events after which no clock event before counts.
func clockReset(k Kind) bool {
	return k == KindGameChosen || k == KindPlayStarted || k == KindPlayStopped
}

// putsGame tells the events that play or end a game (e.Game is it): the
// clock of another game counts no further.
func putsGame(k Kind) bool {
	return playsGame(k) || k == KindGameStopped || k == KindGameImported
}

// clockGameOf is the game a clock event names (0 when unreadable).
func clockGameOf(e LogEntry) int {
	var c ClockSet
	if json.Unmarshal(e.Payload, &c) != nil {
		return 0
	}
	return c.Game
}

// ClockGame is the game the clock times now: the game played along, the
// round game going on, or, at a table of a game entered round by round,
// the next game; 0 when the table times no game now.
func (t Table) ClockGame() int {
	if t.Play != nil {
		return t.Games.Len() + 1
	}
	if g, ok := t.InProgress(); ok {
		return g.Number
	}
	if t.find != nil && t.ByRounds(t.find) {
		return t.Games.Len() + 1
	}
	return 0
}

// Clock is the clock of the game at hand (ClockGame), worked out once per
// version of the table. It reads the log back from its newest entry only
// as far as the game's boundary (its start, or the game before), so its
// cost grows with the game, not with the table.
func (t Table) Clock() Clock {
	return t.Derived("clock", func() any {
		n := t.ClockGame()
		c := Clock{Game: n}
		if n == 0 {
			return c
		}
		var mine []LogEntry // newest first
	walk:
		for i, e := range t.Log.Backward(t.Log.Len()) {
			if i < 1 {
				break
			}
			if e.Kind == KindUndo || t.UndoneBy(e.Seq) != 0 {
				continue
			}
			switch {
			case isClock(e.Kind):
				if clockGameOf(e) != n {
					break walk
				}
				mine = append(mine, e)
			case clockReset(e.Kind):
				break walk
			case putsGame(e.Kind) && e.Game > 0 && e.Game != n:
				break walk
			}
		}
		for i := len(mine) - 1; i >= 0; i-- {
			c.take(mine[i].Kind, mine[i].At)
		}
		return c
	}).(Clock)
}

// StartClock starts (or starts again) the clock of game n, the game at
// hand.
func (ts *Tables) StartClock(ctx context.Context, edit string, seen int, token string, n int) (Appended, error) {
	return ts.setClock(ctx, edit, seen, token, KindClockStarted, n)
}

// PauseClock pauses the clock of game n, the game at hand.
func (ts *Tables) PauseClock(ctx context.Context, edit string, seen int, token string, n int) (Appended, error) {
	return ts.setClock(ctx, edit, seen, token, KindClockPaused, n)
}

func (ts *Tables) setClock(ctx context.Context, edit string, seen int, token string, k Kind, n int) (Appended, error) {
	want := repeat{k, map[string]any{"game": n}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) {
		return decideClock(t, k, ClockSet{Game: n})
	})
}

// decideClock refuses a clock of a table that times no game now, of
// another game than the one at hand, a start of a running clock and a
// pause of a stopped one.
func decideClock(t Table, k Kind, c ClockSet) (decision, error) {
	at := t.Clock()
	switch {
	case at.Game == 0:
		return decision{}, scoring.Errorf("clock", "the clock times a game played along or entered round by round, and this table has none at hand")
	case c.Game != at.Game:
		return decision{}, scoring.Errorf("game", "the clock times game %d, the game at hand, not game %d", at.Game, c.Game)
	case k == KindClockStarted && at.Running:
		return decision{}, scoring.Errorf("clock", "the clock of game %d is running already", c.Game)
	case k == KindClockPaused && !at.Running:
		return decision{}, scoring.Errorf("clock", "the clock of game %d is not running", c.Game)
	}
	return decision{kind: k, payload: c}, nil
}
