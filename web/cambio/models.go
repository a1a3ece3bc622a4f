package cambio

import (
	"tablemate/scoring"
	"tablemate/views"
)

// PlaySetupVM starts a guided game of Cambio or Kodiak: who deals first
// (Cambio) or who is Kodiak first (Kodiak) — "the youngest player" in both
// rule texts — and the table's options in words.
type PlaySetupVM struct {
	views.Page
	views.Form
	Game, TableName, Base string
	Intro                 scoring.Phrase   // what the app tracks and what stays secret
	Question              scoring.Phrase   // "Who deals first?"
	Field                 string           // the form field of the seat chosen
	Players               []string         // seat order
	Chosen                int              // the seat preselected
	Rules                 []scoring.Phrase // the options in force, in words
	// Blocked says why no guided game can start now (a game entered round
	// by round is in progress); the form is then not shown.
	Blocked scoring.Phrase
	Errors  views.Errors
}

// PlaySeatVM is one player on a Cambio or Kodiak play-along turn page.
type PlaySeatVM struct {
	Index  int
	Name   string
	ToMove bool
	Badge  scoring.Phrase // "dealer", "Kodiak"
	Count  int            // Cambio: penalty cards this round; Kodiak: hairballs discarded
	// Less and More say whether the engine offers taking one back and
	// one more (its Moves).
	Less, More bool
}

// PlayTotalsVM is a guided game's finished rounds and running totals.
type PlayTotalsVM struct {
	Players []string
	Rows    [][]int // Rows[j][i]: player i's score in round j+1
	Totals  []int
	Note    scoring.Phrase // how close the end is: "Ana is 11 points from 50"
}

// PlayEntryVM is the scoring of a closed round: why it closed and the
// round editor's card fields, one per player, with how many cards to
// expect.
type PlayEntryVM struct {
	Closed scoring.Phrase // "Round 2 ended: Ben called Cambio and everyone had one more turn"
	Round  RoundEntryVM
	Hints  []scoring.Phrase // per seat: "4 dealt + 1 penalty card: 5 cards unless some were discarded"
	// Nothing marks the seats with no cards to enter (who ran out and
	// so ended the round): no card pad for them (#38).
	Nothing []bool
}

// CambioPlayVM is a guided Cambio game in progress.
type CambioPlayVM struct {
	views.Page
	views.Form
	TableName, Base string
	Round, Target   int
	Dealer          string
	// FirstLook is set when the round has just been dealt: everyone looks
	// at their bottom two cards once.
	FirstLook   bool
	Current     string // the player to move ("" in the scoring step)
	CurrentSeat int
	Caller      string   // who called Cambio this round, "" if nobody yet
	LastTurns   []string // who still has their last turn after the call
	Seats       []PlaySeatVM
	// OutSeats are the players who may run out of cards now (the engine
	// refuses the caller after the call: ruling CAM-3); Frozen says why
	// the caller is not among them.
	OutSeats  []PlaySeatVM
	Frozen    scoring.Phrase
	Entry     *PlayEntryVM // set once the round has closed
	Totals    PlayTotalsVM
	UndoLabel scoring.Phrase
	LastMove  scoring.Phrase // the newest move named ("Ben called Cambio"), "" before the first
}
