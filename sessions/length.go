package sessions

import (
	"time"
)

// How long a game took, kept as the table's events come (facts.go; every
// page and export reads it). A game timed by its clock (clock.go) took
// the clock's running time. Otherwise: from the game's first event to its last —
// the choice of the game or the start of playing it along, its rounds,
// its guided moves, its recording — with every gap between two of them
// longer than PauseLimit left out (a break for dinner is not play) and
// said so. Corrections, settling and undos made later are not play and
// do not count. A game entered in one go with nothing before it has no
// known length. An imported game's length is what its file said.

// PauseLimit is the longest gap between two events of a game that still
// counts as playing.
const PauseLimit = 30 * time.Minute

// Length is how long a game or an evening took.
type Length struct {
	// Minutes played, rounded, pauses over PauseLimit left out; 0 when
	// not known.
	Minutes int
	// Paused is the minutes of the pauses left out (0: none).
	Paused int
	// Start is the time of the first event counted (zero when not known).
	Start time.Time
	// Clock is set when the game's clock timed it: Minutes are its
	// running time, the clock's pauses left out (Paused is 0).
	Clock bool
}

// byClock is the length of a game its clock timed: the clock's running
// time (its pauses left out), from start.
func byClock(c Clock, start time.Time) Length {
	l := Length{Minutes: int(c.Ran.Round(time.Minute) / time.Minute), Start: start, Clock: true}
	if l.Minutes == 0 {
		l.Minutes = 1
	}
	return l
}

// Known reports whether the length is known.
func (l Length) Known() bool { return l.Minutes > 0 }

// playsGame tells the events that play a game (rather than correct it).
func playsGame(k Kind) bool {
	return k == KindGameRecorded || k == KindRoundRecorded || k == KindPlayStep
}

// opening tells the events that open the next game before it is written.
func opening(k Kind) bool { return k == KindGameChosen || k == KindPlayStarted }

// lengthOf adds the times up, gaps over PauseLimit left out.
func lengthOf(times []time.Time) Length {
	if len(times) == 0 {
		return Length{}
	}
	var played, paused time.Duration
	for i := 1; i < len(times); i++ {
		switch gap := times[i].Sub(times[i-1]); {
		case gap > PauseLimit:
			paused += gap
		case gap > 0:
			played += gap
		}
	}
	l := Length{Start: times[0], Minutes: int(played.Round(time.Minute) / time.Minute), Paused: int(paused.Round(time.Minute) / time.Minute)}
	if played > 0 && l.Minutes == 0 {
		l.Minutes = 1
	}
	return l
}

// GameLength is how long game n took (see Length).
func (t Table) GameLength(n int) Length {
	g, ok := t.Game(n)
	if !ok {
		return Length{}
	}
	if g.Imported != nil {
		return Length{Minutes: g.Imported.Minutes, Start: g.Imported.PlayedAt()}
	}
	f := t.facts.game(n)
	l := f.times.length()
	if f.clocked && f.clock.Ran > 0 {
		return byClock(f.clock, l.Start)
	}
	return l
}

// EveningLength is how long the table played: from its first game's
// first event to its last game's last, pauses over PauseLimit left out.
func (t Table) EveningLength() Length {
	if t.facts == nil {
		return Length{}
	}
	return t.facts.evening.length()
}
