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
	var buf [4][4]Stack
	return score(s, displays(s, buf[:0]))
}

// score is Score with the players' stacks in colourOrder (displays); it
// does not read the players' Display.
func score(s State, ds [][4]Stack) scoring.Result {
	r := scoring.NewResult(Slug)
	r.Violations, r.Warnings = validate(s, ds)
	// One list holds every player's lines (each player gets its part).
	n := 0
	for i, p := range s.Players {
		n += maxLines(p, ds[i])
	}
	all := make([]scoring.Line, 0, n)
	r.Players = make([]scoring.PlayerResult, 0, len(s.Players))
	names := colourNames() // shared by every player's lines
	for i, p := range s.Players {
		start := len(all)
		all = appendBreakdown(all, p, ds[i], names)
		lines := all[start:len(all):len(all)]
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
	d := stacksOf(p)
	return appendBreakdown(make([]scoring.Line, 0, maxLines(p, d)), p, d, colourNames())
}

// maxLines is how many lines a player's breakdown has at most: two per
// colour held, the tokens and each adjustment.
func maxLines(p Player, d [4]Stack) int {
	n := 1 + len(p.Adjustments)
	for _, st := range d {
		if len(st) > 0 {
			n += 2
		}
	}
	return n
}

// colourNames are the colours as the arguments of the score lines'
// phrases ("%s face-up" with "red"), in colourOrder; one list serves all
// the lines of a result.
func colourNames() []any { return []any{Red.Word(), Yellow.Word(), Black.Word(), Blue.Word()} }

// appendBreakdown appends Breakdown's lines to lines, given the player's
// stacks in colourOrder and the phrases' colour arguments. Its lines are
// what scoring.Linef(up, "%s face-up", colour) makes, without formatting
// a label for each (a score check makes dozens of them).
func appendBreakdown(lines []scoring.Line, p Player, d [4]Stack, names []any) []scoring.Line {
	for i, st := range d { // in colourOrder
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
		upLabel, downLabel := colourLabels(i)
		lines = append(lines, scoring.LabelledLine(up, upLabel, scoring.Phrasef(faceUp, arg...)))
		if down > 0 {
			lines = append(lines, scoring.LabelledLine(-down, downLabel, scoring.Phrasef(faceDown, arg...)))
		}
	}
	lines = append(lines, scoring.LabelledLine(p.Tokens, "tokens", scoring.Phrasef("tokens")))
	if len(p.Adjustments) > 0 {
		adj := slices.Clone(p.Adjustments)
		slices.SortStableFunc(adj, func(a, b Adjustment) int { return a.Card - b.Card })
		for _, a := range adj {
			lines = append(lines, scoring.Linef(a.Points, "special card %d: %s", a.Card, scoring.Name(a.Reason)))
		}
	}
	return lines
}

// The formats of the colour lines (pages translate them with the colour).
const (
	faceUp   = "%s face-up"
	faceDown = "%s face-down"
)

// colourLabels are fmt.Sprintf(faceUp, c) and fmt.Sprintf(faceDown, c)
// of the i-th colour of colourOrder, written out so no line formats its
// label.
func colourLabels(i int) (up, down string) {
	switch i {
	case 0:
		return "red face-up", "red face-down"
	case 1:
		return "yellow face-up", "yellow face-down"
	case 2:
		return "black face-up", "black face-down"
	}
	return "blue face-up", "blue face-down"
}
