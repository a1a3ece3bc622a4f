// Package scoring holds the vocabulary every game engine shares: violations,
// per-player breakdowns, results, winner helpers and strict JSON decoding.
// It imports nothing of ours; each game lives in its own sub-package.
package scoring

// Violation is one broken rule (or, in Warnings, one rule the engine could
// not prove). Code is stable snake_case, Rule names the ruling id from
// RULINGS.md (e.g. "KKS-2") and Message is a sentence a player can read.
type Violation struct {
	Code    string `json:"code"`
	Player  string `json:"player,omitempty"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// Line is one labelled part of a player's total ("red face-up", 13).
type Line struct {
	Label  string `json:"label"`
	Points int    `json:"points"`
	// Phrase is Label before formatting, for pages in other languages.
	Phrase Phrase `json:"-"`
}

// SameLine reports whether a and b read the same in the API: label and
// points (the phrase behind the label is not compared).
func SameLine(a, b Line) bool { return a.Label == b.Label && a.Points == b.Points }

// Linef is a score line of points labelled by format and args.
func Linef(points int, format string, args ...any) Line {
	p := Phrasef(format, args...)
	return Line{Label: p.String(), Points: points, Phrase: p}
}

// PlayerResult is one player's score with the lines that add up to it.
// Rounds is set by round-based games (Cambio, Kodiak) only.
type PlayerResult struct {
	Name      string `json:"name"`
	Total     int    `json:"total"`
	Breakdown []Line `json:"breakdown"`
	Rounds    []int  `json:"rounds,omitempty"`
}

// Result is an engine's verdict on one state, shaped as API.md's 200 answer.
type Result struct {
	Game       string         `json:"game"`
	Valid      bool           `json:"valid"`
	GameOver   bool           `json:"game_over"`
	Violations []Violation    `json:"violations"`
	Warnings   []Violation    `json:"warnings"`
	Players    []PlayerResult `json:"players"`
	Winners    []string       `json:"winners"`
	// TieBreak explains an open tie-break that needs facts from the table
	// (ruling G-2), e.g. "Ana and Ben tie on 31: enter string left".
	TieBreak string `json:"tie_break,omitempty"`
	// TieBreakPhrase is TieBreak before formatting, for pages in other
	// languages; set both with SetTieBreak.
	TieBreakPhrase Phrase `json:"-"`
}

// SetTieBreak records the open tie-break p (the zero Phrase clears it).
func (r *Result) SetTieBreak(p Phrase) {
	r.TieBreak, r.TieBreakPhrase = p.String(), p
}

// NewResult returns a Result with the always-present arrays allocated, so
// they encode as [] rather than null.
func NewResult(game string) Result {
	return Result{Game: game, Violations: []Violation{}, Warnings: []Violation{}, Players: []PlayerResult{}, Winners: []string{}}
}

// Finish sets Valid from the violations and clears Winners when the state is
// invalid or the game is not over (API.md: winners is empty then).
func (r *Result) Finish() {
	r.Valid = len(r.Violations) == 0
	if !r.Valid || !r.GameOver {
		r.Winners = []string{}
	}
}

// Total returns the named player's total and whether the player exists.
func (r Result) Total(name string) (int, bool) {
	for _, p := range r.Players {
		if p.Name == name {
			return p.Total, true
		}
	}
	return 0, false
}

// Sum adds up breakdown lines.
func Sum(lines []Line) int {
	t := 0
	for _, l := range lines {
		t += l.Points
	}
	return t
}
