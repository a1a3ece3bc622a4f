package runemarket

import "tablemate/scoring"

// Slug is the game's name in URLs (API.md).
const Slug = "rune-market"

// Score validates s and scores it (ruling RUN-1): red and blue runes
// wherever they lie, +1 per boat shelter, −1 per bandit sitting in the
// player's shelters; shelters count 0. Ties go through the rule text's
// tie-break chain (see tiebreak.go). A score check is of a finished game,
// so GameOver is always true; totals are computed even for invalid states
// (ruling G-3).
func Score(s State) scoring.Result {
	r := scoring.NewResult(Slug)
	r.Violations = Validate(s)
	for _, p := range s.Players {
		r.Players = append(r.Players, scoring.PlayerResult{Name: p.Name, Total: 0, Breakdown: breakdown(p)})
		last := &r.Players[len(r.Players)-1]
		last.Total = scoring.Sum(last.Breakdown)
	}
	r.GameOver = true
	tb := breakTie(s, r.Players)
	r.Winners = tb.Winners
	r.SetTieBreak(tb.Open)
	r.Violations = append(r.Violations, tb.Violations...)
	r.Finish()
	if !r.Valid {
		// An open question about a tie means nothing while the state is wrong.
		r.SetTieBreak(scoring.Phrase{})
	}
	return r
}

// breakdown lists the lines that add up to a player's rune points.
func breakdown(p Player) []scoring.Line {
	red, blue := p.Runes.Red, p.Runes.Blue
	for _, sh := range p.Shelters {
		if sh.Colour == Red {
			red += sh.Runes
		} else {
			blue += sh.Runes
		}
	}
	for _, b := range p.BoatShelters {
		if b.Colour == Red {
			red += b.Runes
		} else {
			blue += b.Runes
		}
	}
	return []scoring.Line{
		scoring.Linef(red, "red runes"),
		scoring.Linef(blue, "blue runes"),
		scoring.Linef(Boats(p), "%s", scoring.Count(Boats(p), "1 boat shelter", "%d boat shelters")),
		scoring.Linef(-Bandits(p), "%s in own shelters", scoring.Count(Bandits(p), "1 bandit", "%d bandits")),
	}
}

// Boats counts a player's boat shelters: inside main shelters and standing
// alone. Each is worth 1 point and decides the first tie-break.
func Boats(p Player) int {
	n := len(p.BoatShelters)
	for _, sh := range p.Shelters {
		if sh.BoatShelter {
			n++
		}
	}
	return n
}

// Bandits counts the bandits sitting in a player's shelters: −1 point each
// for the occupant, and the second tie-break.
func Bandits(p Player) int {
	n := 0
	for _, sh := range p.Shelters {
		if sh.Bandit != "" {
			n++
		}
	}
	return n
}
