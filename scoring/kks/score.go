package kks

import (
	"slices"

	"tablemate/scoring"
)

// Slug is the game's id in URLs and the API.
const Slug = "koffer-katze-sombrero"

// Score validates a finished game and scores it (ruling KKS-5): face-up
// values, −1 per face-down card, +1 per token in supply, then special-card
// adjustments in ascending card number (KKS-6). Most points wins; ties all
// win. Totals are computed even for invalid states (G-3).
func Score(s State) scoring.Result {
	r := scoring.NewResult(Slug)
	r.Violations, r.Warnings = Validate(s)
	for _, p := range s.Players {
		lines := Breakdown(p)
		r.Players = append(r.Players, scoring.PlayerResult{Name: p.Name, Total: scoring.Sum(lines), Breakdown: lines})
	}
	// A score check is of a finished display; an unfinished one breaks
	// card_count (KKS-3) rather than being "not over".
	r.GameOver = true
	r.Winners = scoring.Highest(r.Players)
	r.Finish()
	return r
}

// Breakdown lists how a player's score adds up, colour by colour.
func Breakdown(p Player) []scoring.Line {
	lines := []scoring.Line{}
	for _, c := range Colours() {
		up, down := 0, 0
		for _, card := range p.Display[c] {
			if card.FaceDown {
				down++
			} else {
				up += card.Value
			}
		}
		if len(p.Display[c]) == 0 {
			continue
		}
		lines = append(lines, scoring.Linef(up, "%s face-up", c.Word()))
		if down > 0 {
			lines = append(lines, scoring.Linef(-down, "%s face-down", c.Word()))
		}
	}
	lines = append(lines, scoring.Linef(p.Tokens, "tokens"))
	adj := slices.Clone(p.Adjustments)
	slices.SortStableFunc(adj, func(a, b Adjustment) int { return a.Card - b.Card })
	for _, a := range adj {
		lines = append(lines, scoring.Linef(a.Points, "special card %d: %s", a.Card, scoring.Name(a.Reason)))
	}
	return lines
}
