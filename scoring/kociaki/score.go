package kociaki

import (
	"tablemate/scoring"
)

// Slug is the game's id in URLs and results.
const Slug = "kociaki-lobuziaki"

// Bonus points of the experienced variant (ruling KOC-4).
const (
	TypeBonus     = 1  // per toy type held
	AllTypesBonus = 15 // for holding all 10 types
)

// Score validates s, adds up every player's chips (ruling KOC-4) and picks
// the winners, breaking a tie on string left (ruling KOC-5). Totals are
// computed even when the state is invalid (ruling G-3).
func Score(s State) scoring.Result {
	r := scoring.NewResult(Slug)
	r.Violations = Validate(s)
	// The chips alone cannot show whether 12 rounds were played.
	r.GameOver = true
	for _, p := range s.Players {
		lines := Breakdown(p, s.Options)
		r.Players = append(r.Players, scoring.PlayerResult{Name: p.Name, Total: scoring.Sum(lines), Breakdown: lines})
	}
	if len(r.Violations) == 0 {
		var open scoring.Phrase
		r.Winners, open = winners(s.Players, r.Players)
		r.SetTieBreak(open)
	}
	r.Finish()
	return r
}

// Breakdown is one line per toy (its chips' values) plus, in the
// experienced variant, the type bonus; the lines add up to the total.
func Breakdown(p Player, o Options) []scoring.Line {
	lines := []scoring.Line{}
	types := 0
	for _, key := range toyKeys(p.Chips) {
		chips := p.Chips[key]
		if len(chips) == 0 {
			continue
		}
		sum := 0
		for _, c := range chips {
			sum += c
		}
		lines = append(lines, scoring.Linef(sum, "toy %s: %s", scoring.Name(key), terms(chips)))
		if _, ok := toyNumber(key); ok {
			types++
		}
	}
	if o.Variant != Experienced {
		return lines
	}
	// ruling KOC-4: all 10 types give 15 instead of 10, or 10 + 15.
	if types == Toys {
		if o.AllTypesBonus == Additional {
			lines = append(lines, scoring.Linef(types*TypeBonus, "toy types held: %d", types))
		}
		return append(lines, scoring.Linef(AllTypesBonus, "all %d toy types", Toys))
	}
	if types > 0 {
		lines = append(lines, scoring.Linef(types*TypeBonus, "toy types held: %d", types))
	}
	return lines
}

// winners returns the players on the top total, narrowed by string left
// (ruling KOC-5). If a tied player's string is unknown, all tied players
// are returned with a note asking for it (ruling G-2).
func winners(ps []Player, results []scoring.PlayerResult) ([]string, scoring.Phrase) {
	top := scoring.Highest(results)
	if len(top) < 2 {
		return top, scoring.Phrase{}
	}
	byName := make(map[string]Player, len(ps))
	for _, p := range ps {
		byName[p.Name] = p
	}
	var missing []string
	best := -1.0
	for _, name := range top {
		if sl := byName[name].StringLeft; sl == nil {
			missing = append(missing, name)
		} else {
			best = max(best, *sl)
		}
	}
	total, _ := scoring.Result{Players: results}.Total(top[0])
	if len(missing) > 0 {
		return top, scoring.Phrasef("%s tie on %d: the most string left on the spool wins, so enter the string left for %s",
			top, total, missing)
	}
	var won []string
	for _, name := range top {
		if *byName[name].StringLeft == best {
			won = append(won, name)
		}
	}
	return won, scoring.Phrase{}
}

// terms writes chip values as a sum for a score line: 3 + 1 + 4.
func terms(values []int) scoring.Terms {
	out := make(scoring.Terms, len(values))
	for i, v := range values {
		out[i] = v
	}
	return out
}
