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
	var buf [4][4]Stack
	ds := displays(s, buf[:0])
	r.Violations, r.Warnings = validate(s, ds)
	r.Players = make([]scoring.PlayerResult, 0, len(s.Players))
	names := colourNames() // shared by every player's lines
	for i, p := range s.Players {
		lines := breakdown(p, ds[i], names)
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
func Breakdown(p Player) []scoring.Line { return breakdown(p, stacksOf(p), colourNames()) }

// colourNames are the colours as the arguments of the score lines'
// phrases ("%s face-up" with "red"), in colourOrder; one list serves all
// the lines of a result.
func colourNames() []any { return []any{string(Red), string(Yellow), string(Black), string(Blue)} }

// breakdown is Breakdown with the player's stacks in colourOrder and the
// phrases' colour arguments given. Its
// lines are what scoring.Linef(up, "%s face-up", colour) makes, without
// formatting a label for each (a score check makes dozens of them).
func breakdown(p Player, d [4]Stack, names []any) []scoring.Line {
	lines := make([]scoring.Line, 0, 2*len(p.Display)+1+len(p.Adjustments))
	for i, c := range colourOrder() {
		st := d[i]
		if len(st) == 0 {
			continue
		}
		up, down := 0, 0
		for _, card := range st {
			if card.FaceDown {
				down++
			} else {
				up += card.Value
			}
		}
		arg := names[i : i+1 : i+1]
		upLabel, downLabel := colourLabels(c)
		lines = append(lines, scoring.Line{Label: upLabel, Points: up, Phrase: scoring.Phrase{Format: faceUp, Args: arg}})
		if down > 0 {
			lines = append(lines, scoring.Line{Label: downLabel, Points: -down, Phrase: scoring.Phrase{Format: faceDown, Args: arg}})
		}
	}
	lines = append(lines, scoring.Line{Label: "tokens", Points: p.Tokens, Phrase: scoring.Phrasef("tokens")})
	if len(p.Adjustments) > 0 {
		adj := slices.Clone(p.Adjustments)
		slices.SortStableFunc(adj, func(a, b Adjustment) int { return a.Card - b.Card })
		for _, a := range adj {
			lines = append(lines, scoring.Linef(a.Points, "special card %d: %s", a.Card, a.Reason))
		}
	}
	return lines
}

// The formats of the colour lines (pages translate them with the colour).
const (
	faceUp   = "%s face-up"
	faceDown = "%s face-down"
)

// colourLabels are fmt.Sprintf(faceUp, c) and fmt.Sprintf(faceDown, c),
// written out so no line formats its label.
func colourLabels(c Colour) (up, down string) {
	switch c {
	case Red:
		return "red face-up", "red face-down"
	case Yellow:
		return "yellow face-up", "yellow face-down"
	case Black:
		return "black face-up", "black face-down"
	case Blue:
		return "blue face-up", "blue face-down"
	}
	return scoring.Phrasef(faceUp, string(c)).String(), scoring.Phrasef(faceDown, string(c)).String()
}
