package views

import "tablemate/scoring"

// EveningVM is a table's standing over the evening: which standing it is
// and why, in one line, and each player's line with each game's result.
type EveningVM struct {
	// Status says how far the evening is: "after 3 games · game 4 in
	// progress, round 2"; zero before anything is played.
	Status scoring.Phrase
	// Why says which standing is shown and why, in one line.
	Why scoring.Phrase
	// Points heads the points column ("Total" or "Points").
	Points scoring.Phrase
	// Columns label the newest finished games ("1 · KKS"), each with
	// its status (a disputed game's column says it is not counted).
	Columns []EveningColumn
	Rows    []EveningRowVM
	// None says why no game counts yet (zero when one does).
	None scoring.Phrase
}

// EveningColumn is one game of the evening's standing.
type EveningColumn struct {
	Label  scoring.Phrase
	Status GameStatus
}

// EveningRowVM is one player's line of the evening's standing.
type EveningRowVM struct {
	Rank   int
	Name   string
	Points float64 // by place (a tie shares them) or added: said by the page ("1.5", "1,5")
	Wins   int
	Leader bool
	Cells  []scoring.Phrase // each game's result: place and total, "–" when sat out, the total alone when not counted
}

// RankRow is one line of a game's ranking: ties share a place.
type RankRow struct {
	Place  int
	Name   string
	Total  int
	Winner bool
	// Points is shown instead of Total when ByPoints is set: an
	// evening's points by place, which may be a half ("1.5", "1,5").
	Points   float64
	ByPoints bool
	// Tied is set when the place is shared.
	Tied bool
}

// EveningEndVM is the evening's ranking: its places, best first, the
// line saying how they were reckoned, and what comes next.
type EveningEndVM struct {
	Page
	Name        string
	Status, Why scoring.Phrase
	Ranking     []RankRow
	Next, Back  string
	Share       ShareLink
	BGStats     []BGStatsLink // one per counted game, the newest few
	BGStatsMore bool          // older counted games were left out
	Length      LengthVM      // how long the evening took
	Note        NoteVM        // the evening's note, with its form
}

// AfterGameVM is what a finished game offers next: the same players
// again, another game, and its result to share through the view-only
// link (never the edit link).
type AfterGameVM struct {
	Form
	Again, Next string // the "play again" form's action and the "next game" page
	// Game is the game "play again" chooses; Then where it goes next:
	// "play" (its play-along setup) or "entry" (its result entry).
	Game, Then string
	Share      ShareLink
}

// NextGameVM is the page that chooses a table's next game and who starts it.
type NextGameVM struct {
	Page
	Form
	Action string
	Back   string
	Games  []GameChoice
	// Players in seat order, for "Who starts?".
	Players []string
	// Chosen is the game selected (the one played now by default) and
	// First who starts.
	Chosen, First string
	Errors        Errors
	// Playing is set while a game is played along: it is stopped first
	// (kept or discarded, StopPlay). Blocked says why no game can be
	// chosen yet (zero when one can).
	Playing *StopPlay
	Blocked scoring.Phrase
	// Stop is set while a round game goes on: it can be stopped here,
	// kept as an unfinished game, instead of undoing its rounds.
	Stop *StopGame
}

// StopGame is the choice that stops a round game before its end, kept as
// an unfinished game; Undo brings it back.
type StopGame struct {
	Form
	Action string
	Game   int
	Rounds int
	Title  scoring.Phrase
}

// StopPlay is the choice that ends a game played along: keep its
// position as an unfinished game, or discard it; both can be undone.
type StopPlay struct {
	Form
	Action string
	Moves  int
	Title  scoring.Phrase
}

// GameChoice is one game the next game may be, with who starts it by its
// rule text.
type GameChoice struct {
	Slug, Title string
	// Starts is the game's own start rule ("the youngest player starts").
	Starts scoring.Phrase
	// Fits is false when the table's players cannot play it (too many or
	// too few), with Why.
	Fits bool
	Why  scoring.Phrase
}
