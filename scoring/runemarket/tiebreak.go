package runemarket

import (
	"slices"
	"strings"

	"tablemate/scoring"
)

// A tie-break is one step of the rule text's tie-break chain after the
// points (ruling RUN-1): a fact of each player, and whether more of it
// wins or loses. known is false when the table has not entered the fact
// (the highest number card in hand).
type tieBreakStep struct {
	of   func(Player) (n int, known bool)
	more bool // more wins; else fewer wins
}

// tieBreakChain is the rule text's chain after the points (ruling RUN-1):
// more boat shelters, then fewer bandits in one's shelters, then the
// highest number card in hand; the rock-paper-scissors winner (entered
// by the table) settles what is still tied. The score check's winners
// (breakTie) and the final ranking (Ranking) both read it.
func tieBreakChain() []tieBreakStep {
	return []tieBreakStep{
		{of: func(p Player) (int, bool) { return Boats(p), true }, more: true},
		{of: func(p Player) (int, bool) { return Bandits(p), true }, more: false},
		{of: func(p Player) (int, bool) {
			if p.HighestNumberCard == nil {
				return 0, false
			}
			return *p.HighestNumberCard, true
		}, more: true},
	}
}

// better compares a and b by the step, better first (negative when a is
// better); 0 when they are equal or a fact is unknown.
func (t tieBreakStep) better(a, b Player) int {
	x, okx := t.of(a)
	y, oky := t.of(b)
	switch {
	case !okx || !oky || x == y:
		return 0
	case (x > y) == t.more:
		return -1
	}
	return 1
}

// tieBreak is the outcome of the rule text's tie-break chain.
type tieBreak struct {
	Winners    []string
	Open       scoring.Phrase // what the table must enter to finish it (ruling G-2)
	Violations []scoring.Violation
}

// breakTie picks the winners among the players on the highest total by
// the tie-break chain (ruling RUN-1, G-2), then the entered rock-paper-
// scissors winner. When a needed fact is missing the players still tied
// all win and Open says what to enter.
func breakTie(s State, players []scoring.PlayerResult) tieBreak {
	top, tied := leaders(players)
	rps := strings.TrimSpace(s.Options.RPSWinner)
	out := tieBreak{}
	for _, step := range tieBreakChain() {
		if len(tied) <= 1 {
			break
		}
		var missing []string
		for _, i := range tied {
			if _, known := step.of(s.Players[i]); !known {
				missing = append(missing, s.Players[i].Name)
			}
		}
		if len(missing) > 0 {
			// Only the number card in hand is a fact the table enters.
			out.Winners = names(s, tied)
			out.Open = scoring.Phrasef("%s tie on %s with equal boat shelters and bandits: enter the highest number card in hand for %s",
				names(s, tied), scoring.Points(top), missing)
			out.Violations = checkRPS(s, rps, tied, scoring.Phrase{})
			return out
		}
		tied = keepBest(s, tied, step)
	}
	if len(tied) <= 1 {
		out.Winners = names(s, tied)
		out.Violations = checkRPS(s, rps, nil, scoring.Phrasef("%s wins without a duel", namesOrNobody(out.Winners)))
		return out
	}
	if rps == "" {
		out.Winners = names(s, tied)
		out.Open = scoring.Phrasef("%s tie on %s, boat shelters, bandits and highest number card: enter the winner of rock-paper-scissors (best of 3)",
			names(s, tied), scoring.Points(top))
		return out
	}
	if v := checkRPS(s, rps, tied, scoring.Phrase{}); len(v) > 0 {
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

// keepBest returns the players of tied the step ranks best.
func keepBest(s State, tied []int, step tieBreakStep) []int {
	best := tied[0]
	for _, i := range tied[1:] {
		if step.better(s.Players[i], s.Players[best]) < 0 {
			best = i
		}
	}
	var out []int
	for _, i := range tied {
		if step.better(s.Players[i], s.Players[best]) == 0 {
			out = append(out, i)
		}
	}
	return out
}

// checkRPS reports an entered rock-paper-scissors winner who is not among
// the players tied at that step (ruling RUN-1). why, if set, says that no
// duel is needed at all.
func checkRPS(s State, rps string, tied []int, why scoring.Phrase) []scoring.Violation {
	if rps == "" {
		return nil
	}
	for _, i := range tied {
		if strings.EqualFold(strings.TrimSpace(s.Players[i].Name), rps) {
			return nil
		}
	}
	if !why.IsZero() {
		return []scoring.Violation{scoring.Violationf("rps_winner", "", "RUN-1", "the rock-paper-scissors winner is %q, but %s: no duel is played", scoring.Name(rps), why)}
	}
	return []scoring.Violation{scoring.Violationf("rps_winner", "", "RUN-1", "the rock-paper-scissors winner is %q, who is not in the tie (%s)", scoring.Name(rps), namesOrNobody(names(s, tied)))}
}

func names(s State, idx []int) []string {
	out := []string{}
	for _, i := range idx {
		out = append(out, s.Players[i].Name)
	}
	return out
}

// namesOrNobody is a list of names as a phrase argument, "nobody" when it
// is empty.
func namesOrNobody(ns []string) any {
	if len(ns) == 0 {
		return scoring.Phrasef("nobody")
	}
	return ns
}

// Rank is one player's line in the final ranking: the points and the
// facts of the tie-break chain (ruling RUN-1).
type Rank struct {
	Place   int
	Name    string
	Total   int
	Boats   int
	Bandits int
	Highest *int // highest number card in hand, nil if not entered
	RPS     bool // won the rock-paper-scissors duel
	Winner  bool
	Tied    bool // shares the total with another player
}

// Ranking orders a final state's players by the points and the tie-break
// chain (ruling RUN-1: tieBreakChain, then the rock-paper-scissors
// winner). Players the chain cannot separate share a place. Winner marks
// the score check's winners.
func Ranking(s State) []Rank {
	res := Score(s)
	type ranked struct {
		Rank
		pl Player
	}
	rs := make([]ranked, len(s.Players))
	totals := map[int]int{}
	for i, pl := range s.Players {
		rs[i] = ranked{Rank{Name: pl.Name, Total: res.Players[i].Total, Boats: Boats(pl), Bandits: Bandits(pl),
			Highest: pl.HighestNumberCard, Winner: slices.Contains(res.Winners, pl.Name),
			RPS: s.Options.RPSWinner != "" && strings.EqualFold(strings.TrimSpace(pl.Name), strings.TrimSpace(s.Options.RPSWinner))}, pl}
		totals[rs[i].Total]++
	}
	compare := func(a, b ranked) int {
		if a.Total != b.Total {
			return b.Total - a.Total
		}
		for _, step := range tieBreakChain() {
			if c := step.better(a.pl, b.pl); c != 0 {
				return c
			}
		}
		switch {
		case a.RPS == b.RPS:
			return 0
		case a.RPS:
			return -1
		}
		return 1
	}
	slices.SortStableFunc(rs, compare)
	ranks := make([]Rank, len(rs))
	for i := range rs {
		ranks[i] = rs[i].Rank
		ranks[i].Tied = totals[ranks[i].Total] > 1
		ranks[i].Place = i + 1
		if i > 0 && compare(rs[i-1], rs[i]) == 0 {
			ranks[i].Place = ranks[i-1].Place
		}
	}
	return ranks
}
