package scoring

import "reflect"

// Option is one table-level choice a game offers (a variant, a tie rule).
type Option struct {
	Name    string   `json:"name"`
	Values  []string `json:"values,omitempty"` // allowed values; empty for free-form
	Default string   `json:"default,omitempty"`
	Help    string   `json:"help"`
}

// Info describes a game for GET /api/v1/games and for the pages.
type Info struct {
	Slug       string   `json:"slug"`
	Title      string   `json:"title"`
	MinPlayers int      `json:"min_players"`
	MaxPlayers int      `json:"max_players"`
	Options    []Option `json:"options"`
	// LowestWins is true for games where the fewest points win.
	LowestWins bool `json:"lowest_wins"`
	// AlsoKnownAs are the other titles play loggers (BG Stats,
	// BoardGameGeek) may file the game under, each from a source the
	// engine names; sessions/plays matches imported plays by them.
	AlsoKnownAs []string `json:"-"`
	// BGGID is the game's BoardGameGeek id, 0 while none is confirmed from
	// a public source (a wrong one would file exported plays under someone
	// else's game; docs/interop.md says what was searched).
	BGGID int `json:"-"`
	// Starts is who starts a game, by the game's rule text ("Who
	// starts?" of a table's next game); the API does not carry it.
	Starts Phrase `json:"-"`
}

// Game is the small surface every engine offers the web app, the API and
// the CLI: a description and a checker of raw JSON states. Check returns a
// *InputError when the body is not a game state at all (API.md's 400) and a
// Result, possibly invalid, otherwise.
type Game interface {
	Info() Info
	Check(body []byte) (Result, error)
}

// Rounds is implemented by games a table scores round by round (Cambio,
// Kodiak): the table records one round at a time and the engine adds it to
// the game's state, so the log holds rounds, not whole states.
type Rounds interface {
	// AppendRound returns the state with one more round added; a nil
	// state starts a new game. Unreadable input is a *InputError.
	AppendRound(state, round []byte) ([]byte, error)
}

// RoundCorrector is a Rounds engine whose recorded rounds can be
// corrected one at a time (any round, not only the last): ReplaceRound
// returns state with its round n (1-based) replaced by round, in
// AppendRound's format. The game keeps its players and options; a round
// the game does not have, or that names other players, is an
// *InputError. Rule breaks are left to Check, as for AppendRound.
type RoundCorrector interface {
	ReplaceRound(state []byte, n int, round []byte) ([]byte, error)
}

// RoundFacts is implemented by round-based games that tell what their
// rounds hold besides points, for a table's history and its rounds chart.
type RoundFacts interface {
	// Notes tells in words what marked a recorded round besides its
	// points: who called Cambio, who was the Kodiak. Unreadable input is
	// a *InputError.
	Notes(round []byte) ([]Phrase, error)
	// Target is the total that ends a game of state (Cambio's 50, or the
	// table's own); 0 when no total ends it.
	Target(state []byte) int
}

// Sheet is implemented by a game whose state names the game played and
// says how it is won (another game's score sheet): sheets of different
// names are different games, and each says whether the fewest win.
type Sheet interface {
	SheetOf(state []byte) (name string, lowestWins bool)
	// FinalSheet is the state of a sheet of a game played elsewhere (an
	// imported play): named name (cut to the sheet's length), won as
	// lowestWins says, each player's one final score, over. It is not
	// checked: Check says whether the sheet can take it.
	FinalSheet(name string, lowestWins bool, scores []FinalScore) ([]byte, error)
}

// FinalScore is one player's final score of a game played elsewhere.
type FinalScore struct {
	Name  string
	Score int
}

// Guided is implemented by games the app can guide move by move ("play
// along"). Setup and steps are the game's own JSON, as a table records
// them; Guide replays them in order.
type Guided interface {
	// Guide returns whether the game is over and, once it is, its final
	// state in the score-check format. An unreadable setup or step is a
	// *InputError; a step the rules refuse is the game's own error type,
	// which says the rule.
	Guide(players []string, setup []byte, steps [][]byte) (over bool, final []byte, err error)
}

// Contract is what a game's JSON API reads and answers, as its documents
// describe it (docs/API.md and docs/api-<slug>*.md): the docs' tests walk
// it, so a code or field the engine has and the documents lack fails
// them.
type Contract struct {
	// Codes are every code the engine answers: the violations and
	// warnings of the score check, the refusals and warnings of guided
	// play. Sorted; each once.
	Codes []string
	// Score is the Go type a score-check request is read into; Setup and
	// Step are the play API's setup (its request without "players" and
	// "steps") and one step, nil without guided play; Round is a round as
	// a table records it (scoring.Rounds), nil for games scored whole.
	// Options are the table's options, read from a request's "options"
	// (kept raw by the types above). Their JSON names, walked through
	// structs, lists, maps and pointers (JSONFields), are the requests'
	// fields.
	Score, Setup, Step, Round, Options reflect.Type
}

// Documented is implemented by every engine of the seven: its Contract.
type Documented interface {
	Contract() Contract
}

// Stoppable is implemented by guided games whose position a table can
// keep when it stops playing along: the position as a score-check
// request, whether the game is over or not (the table keeps it as an
// unfinished game). An unreadable setup or step is an error, as in Guide.
type Stoppable interface {
	Unfinished(players []string, setup []byte, steps [][]byte) ([]byte, error)
}
