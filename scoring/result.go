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
	// Phrase is Message before formatting, so a page says the engine's
	// own sentence in the reader's language; the API answers Message.
	Phrase Phrase `json:"-"`
}

// Violationf is the violation of rule with code, for player ("" when it
// concerns the state as a whole), its message formatted from format (a
// message id, as in Phrasef) and args.
func Violationf(code, player, rule, format string, args ...any) Violation {
	p := Phrasef(format, args...)
	return Violation{Code: code, Player: player, Rule: rule, Message: p.String(), Phrase: p}
}

// Text is the violation's message as a Phrase: its own, or the message
// as it is when it was built without one.
func (v Violation) Text() Phrase { return textOf(v.Phrase, v.Message) }

func textOf(p Phrase, s string) Phrase {
	if p.IsZero() && s != "" {
		return Verbatim(s)
	}
	return p
}

// SameViolation reports whether a and b read the same in the API: code,
// player, rule and message (the phrase behind the message is not
// compared).
func SameViolation(a, b Violation) bool {
	return a.Code == b.Code && a.Player == b.Player && a.Rule == b.Rule && a.Message == b.Message
}

// Line is one labelled part of a player's total ("red face-up", 13).
type Line struct {
	Label  string `json:"label"`
	Points int    `json:"points"`
	// Phrase is Label before formatting, for pages in other languages.
	Phrase Phrase `json:"-"`
}

// Text is the line's label as a Phrase: its own, or the label as it is
// when it was built without one.
func (l Line) Text() Phrase { return textOf(l.Phrase, l.Label) }

// SameLine reports whether a and b read the same in the API: label and
// points (the phrase behind the label is not compared).
func SameLine(a, b Line) bool { return a.Label == b.Label && a.Points == b.Points }

// Linef is a score line of points labelled by format and args.
func Linef(points int, format string, args ...any) Line {
	p := Phrasef(format, args...)
	return Line{Label: p.String(), Points: points, Phrase: p}
}

// LabelledLine is the line Linef makes, for a score path that has the
// label already (KKS formats no label per line): label must be p.String(),
// which the engine's tests hold it to.
func LabelledLine(points int, label string, p Phrase) Line {
	return Line{Label: label, Points: points, Phrase: p}
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

// TieBreakText is the open tie-break as a Phrase: TieBreakPhrase, or
// TieBreak as it is when only that was set.
func (r Result) TieBreakText() Phrase { return textOf(r.TieBreakPhrase, r.TieBreak) }

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
