package runemarket

import (
	"fmt"
	"strings"

	"tablemate/scoring"
)

// tieBreak is the outcome of the rule text's tie-break chain.
type tieBreak struct {
	Winners    []string
	Open       scoring.Phrase // what the table must enter to finish it (ruling G-2)
	Violations []scoring.Violation
}

// breakTie picks the winners among the players on the highest total
// (ruling RUN-1, G-2): more boat shelters wins, then more bandits in one's
// shelters loses, then the highest number card in hand wins, then the
// entered rock-paper-scissors winner. When a needed fact is missing the
// players still tied all win and Open says what to enter.
func breakTie(s State, players []scoring.PlayerResult) tieBreak {
	top, tied := leaders(players)
	rps := strings.TrimSpace(s.Options.RPSWinner)
	out := tieBreak{}
	if len(tied) > 1 {
		tied = keep(s, tied, Boats, true)
	}
	if len(tied) > 1 {
		tied = keep(s, tied, Bandits, false)
	}
	if len(tied) > 1 {
		var missing []string
		for _, i := range tied {
			if s.Players[i].HighestNumberCard == nil {
				missing = append(missing, s.Players[i].Name)
			}
		}
		if len(missing) > 0 {
			out.Winners = names(s, tied)
			out.Open = scoring.Phrasef("%s tie on %s with equal boat shelters and bandits: enter the highest number card in hand for %s",
				names(s, tied), scoring.Points(top), missing)
			out.Violations = checkRPS(s, rps, tied, "")
			return out
		}
		tied = keep(s, tied, func(p Player) int { return *p.HighestNumberCard }, true)
	}
	if len(tied) <= 1 {
		out.Winners = names(s, tied)
		out.Violations = checkRPS(s, rps, nil, list(out.Winners)+" wins without a duel")
		return out
	}
	if rps == "" {
		out.Winners = names(s, tied)
		out.Open = scoring.Phrasef("%s tie on %s, boat shelters, bandits and highest number card: enter the winner of rock-paper-scissors (best of 3)",
			names(s, tied), scoring.Points(top))
		return out
	}
	if v := checkRPS(s, rps, tied, ""); len(v) > 0 {
		out.Winners = names(s, tied)
		out.Violations = v
		return out
	}
	winner, _ := findPlayer(s, rps)
	out.Winners = []string{winner}
	return out
}

// leaders returns the highest total and the indices of the players on it.
func leaders(players []scoring.PlayerResult) (int, []int) {
	var top int
	var idx []int
	for i, p := range players {
		switch {
		case len(idx) == 0 || p.Total > top:
			top, idx = p.Total, []int{i}
		case p.Total == top:
			idx = append(idx, i)
		}
	}
	return top, idx
}

// keep returns the players of tied with the best key: the most when most,
// else the fewest.
func keep(s State, tied []int, key func(Player) int, most bool) []int {
	best := key(s.Players[tied[0]])
	for _, i := range tied[1:] {
		k := key(s.Players[i])
		if (most && k > best) || (!most && k < best) {
			best = k
		}
	}
	var out []int
	for _, i := range tied {
		if key(s.Players[i]) == best {
			out = append(out, i)
		}
	}
	return out
}

// checkRPS reports an entered rock-paper-scissors winner who is not among
// the players tied at that step (ruling RUN-1). why, if set, says that no
// duel is needed at all.
func checkRPS(s State, rps string, tied []int, why string) []scoring.Violation {
	if rps == "" {
		return nil
	}
	for _, i := range tied {
		if strings.EqualFold(strings.TrimSpace(s.Players[i].Name), rps) {
			return nil
		}
	}
	msg := fmt.Sprintf("the rock-paper-scissors winner is %q, who is not in the tie (%s)", rps, list(names(s, tied)))
	if why != "" {
		msg = fmt.Sprintf("the rock-paper-scissors winner is %q, but %s: no duel is played", rps, why)
	}
	return []scoring.Violation{{Code: "rps_winner", Rule: "RUN-1", Message: msg}}
}

func names(s State, idx []int) []string {
	out := []string{}
	for _, i := range idx {
		out = append(out, s.Players[i].Name)
	}
	return out
}

// list joins names as a sentence does: "Ana, Ben and Cy".
func list(ns []string) string {
	switch len(ns) {
	case 0:
		return "nobody"
	case 1:
		return ns[0]
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}
