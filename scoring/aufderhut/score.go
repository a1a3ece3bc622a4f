package aufderhut

import (
	"tablemate/scoring"
)

// Slug is the game's id in URLs and results.
const Slug = "auf-der-hut"

// Score validates s and scores every player (ruling ADH-4): characters with
// a hat, after bald heads not covered by wonderhats hide hats, never below
// 0. Totals are computed even when the state is invalid (ruling G-3).
func Score(s State) scoring.Result {
	r := scoring.NewResult(Slug)
	r.Violations = Validate(s)
	t := totals(s.Players)
	r.GameOver = Over(s.Options.Variant, t.Characters, t.Wonderhats)
	for _, p := range s.Players {
		lines := Breakdown(Cover(p))
		r.Players = append(r.Players, scoring.PlayerResult{Name: p.Name, Total: scoring.Sum(lines), Breakdown: lines})
	}
	// ruling ADH-4: the most characters with a hat wins; ties all win.
	r.Winners = scoring.Highest(r.Players)
	r.Finish()
	return r
}

// Breakdown explains a covering as lines that add up to the score.
func Breakdown(c Covering) []scoring.Line {
	lines := []scoring.Line{scoring.Linef(c.Characters, "characters")}
	if c.CoveringWonderhats > 0 {
		lines = append(lines, scoring.Linef(0, "bald heads covered by wonderhats: %d", c.CoveringWonderhats))
	}
	if c.Uncovered > 0 {
		lines = append(lines, scoring.Linef(-c.Uncovered, "bald heads not covered by wonderhats"))
	}
	// ruling ADH-4: max(0, …) — extra bald heads have no hat left to hide.
	if extra := c.Uncovered - c.BaldCharacters; extra > 0 {
		lines = append(lines, scoring.Linef(extra, "bald heads with no character left to cover (score stops at 0)"))
	}
	return lines
}
