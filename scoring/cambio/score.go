package cambio

import (
	"tablemate/scoring"
)

// Slug is the game's name in URLs (API.md).
const Slug = "cambio"

// Score validates s and scores it (ruling CAM-2): each round is the sum of
// the player's card values plus the caller's −5 or +5; a total is the sum
// of its rounds (G-1). The game is over after the round in which a total
// reaches the target (50); then the fewest total wins and ties all win
// (G-2). Totals are computed even for invalid states (G-3).
func Score(s State) scoring.Result {
	r := scoring.NewResult(Slug)
	r.Violations = Validate(s)
	t := tally(s)
	for i, p := range s.Players {
		pr := scoring.PlayerResult{Name: p.Name, Breakdown: []scoring.Line{}, Rounds: make([]int, len(p.Rounds))}
		for j, rd := range p.Rounds {
			sum := RoundSum(rd.Cards)
			pr.Breakdown = append(pr.Breakdown, scoring.Linef(sum, "round %d: %s", j+1, CardTerms(rd.Cards)))
			if b, ok := t.bonus[i][j]; ok {
				pr.Breakdown = append(pr.Breakdown, scoring.Linef(b.Points, "round %d: %s", j+1, b.Phrase()))
			}
			pr.Rounds[j] = t.rounds[j][i]
			pr.Total += pr.Rounds[j]
		}
		r.Players = append(r.Players, pr)
	}
	r.GameOver = t.end >= 0
	r.Winners = scoring.Lowest(r.Players)
	r.Finish()
	return r
}

// table is every round scored: rounds[j][i] is player i's score in round j
// (bonus included), bonus[i][j] a caller's bonus, end the index of the
// round that ended the game (−1 if none) and reached who got there.
type table struct {
	rounds  [][]int
	bonus   []map[int]Bonus
	end     int
	reached []string
}

// tally scores every round the way the table entered it. Players missing a
// round (round_count) are left out of that round's comparison; with several
// callers (multiple_callers) each caller is compared with all the others,
// so a disputed state still shows totals (G-3).
func tally(s State) table {
	t := table{end: -1, bonus: make([]map[int]Bonus, len(s.Players))}
	n := 0
	for i, p := range s.Players {
		n = max(n, len(p.Rounds))
		t.bonus[i] = map[int]Bonus{}
	}
	running := make([]int, len(s.Players))
	for j := range n {
		var present []int // indexes of the players who have round j
		var sums []int
		for i, p := range s.Players {
			if j < len(p.Rounds) {
				present = append(present, i)
				sums = append(sums, RoundSum(p.Rounds[j].Cards))
			}
		}
		scores := make([]int, len(s.Players))
		for k, i := range present {
			scores[i] = sums[k]
			if s.Players[i].Rounds[j].Cambio {
				b := CallerBonus(sums, k, s.Options)
				t.bonus[i][j] = b
				scores[i] += b.Points
			}
		}
		t.rounds = append(t.rounds, scores)
		for _, i := range present {
			running[i] += scores[i]
			if t.end < 0 && running[i] >= s.Options.Limit() {
				t.reached = append(t.reached, s.Players[i].Name)
			}
		}
		if t.end < 0 && len(t.reached) > 0 {
			t.end = j
		}
	}
	return t
}
