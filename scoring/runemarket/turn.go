package runemarket

import (
	"slices"
	"strings"

	"tablemate/scoring"
)

// A turn begun, the game's end (its tie questions and the finish) and the
// final state as the score check reads it.

// Begin is p with the turn of the player to move begun again at phase 1
// (beginTurn): for a position whose ledgers were laid by hand, as a test
// lays them, whose phase 1 must follow them.
func (p Position) Begin() Position {
	n := p.clone()
	n.fresh = false
	n.beginTurn()
	return n
}

// beginTurn starts the turn of the player to move at phase 1. An interest
// with nothing to do — no shelter earns a rune, no bandit moves one, none
// is abandoned — is a step with nothing to decide: it is taken by itself
// (its report Skipped, "No interest this turn") and the turn starts at
// phase 2, so nobody confirms it.
func (p *Position) beginTurn() {
	p.Phase, p.Played, p.Attacked, p.Interest, p.InterestFrom = PhaseInterest, 0, nil, nil, nil
	if !Interest(p.seat().Player).Empty() {
		return
	}
	p.interest(refuser{})
	p.Interest.Skipped = true
	p.fresh = true
}

// TieNeeds says which tie-break facts the final ranking still lacks: the
// players whose highest number card in hand is asked for, or, when Duel is
// true, the players among whom the rock-paper-scissors winner is entered.
// Question is empty when nothing is missing; Phrase is Question kept as
// its format and arguments (a page says it in its reader's language).
type TieNeeds struct {
	Question string
	Phrase   scoring.Phrase
	Players  []string
	Duel     bool
}

// Needs is the open tie-break question of an ended game (ruling RUN-1,
// G-2), as the score check asks it.
func (p Position) Needs() TieNeeds {
	if p.Phase != PhaseEnd {
		return TieNeeds{}
	}
	res := Score(p.Final())
	if res.TieBreak == "" {
		return TieNeeds{}
	}
	need := TieNeeds{Question: res.TieBreak, Phrase: res.TieBreakPhrase}
	for _, w := range res.Winners {
		if i, ok := p.find(w); ok && p.Players[i].HighestNumberCard == nil {
			need.Players = append(need.Players, w)
		}
	}
	if len(need.Players) == 0 {
		need.Duel, need.Players = true, res.Winners
	}
	return need
}

// finish closes an ended game (ruling RUN-1, G-2): it records the facts
// the tie-break chain asks for — the highest number card in the hand of
// tied players, then the winner of rock-paper-scissors — and once no
// question is left the game is over and its final state is scored.
func (p *Position) finish(s Step, r refuser) *StepError {
	if p.Phase == PhaseOver {
		return r.refuse("after_game_end", "RUN-1", "the game is over and its ranking final; no more moves")
	}
	if p.Phase != PhaseEnd {
		return r.refuse("not_ended", "RUN-1", "the game ends only when the market's last rune is taken; until then there is no final ranking")
	}
	open := p.Needs()
	for name, v := range s.HighestNumberCards {
		i, ok := p.find(name)
		if !ok {
			return r.refuse("unknown_player", "RUN-1", "%q is not at the table", scoring.Name(name))
		}
		if v < 0 || v > MaxNumberCard {
			return r.refuse("card_value", "CAM-1", "number cards go from 0 to %d, not %d (enter 0 for a hand without number cards)", MaxNumberCard, v)
		}
		p.Players[i].HighestNumberCard = &v
	}
	if s.RPSWinner != "" {
		p.RPSWinner = strings.TrimSpace(s.RPSWinner)
		if v := Score(p.Final()).Violations; slices.ContainsFunc(v, func(x scoring.Violation) bool { return x.Code == "rps_winner" }) {
			return r.refuse("rps_winner", "RUN-1", "%s is not among the players still tied, so no rock-paper-scissors duel decides", scoring.Name(p.RPSWinner))
		}
	}
	after := p.Needs()
	if after.Question == "" {
		p.Phase = PhaseOver
		return nil
	}
	// Ruling G-2: the tied players stay tied until the facts asked for
	// are entered. A finish answers the whole question asked: with a
	// fact missing it is refused, and says what is still missing.
	if !answers(open, s, p) {
		// The message is the open question itself, a phrase.
		return r.refuse("tie_break_open", "G-2", "%s", after.Phrase)
	}
	// Every fact asked for was entered, and they lead to the chain's next
	// question (equal number cards: the duel). The finish is played, and
	// its warning says the game is still open and what it asks now.
	w := r.refuse("tie_break_open", "G-2", "%s", after.Phrase)
	w.Warning = true
	return w
}

// answers reports whether finish step s enters every fact question open
// asked for: a number card for each player it names, or the duel's
// winner.
func answers(open TieNeeds, s Step, p *Position) bool {
	if open.Duel {
		return s.RPSWinner != ""
	}
	for _, name := range open.Players {
		i, _ := p.find(name)
		given := false
		for n := range s.HighestNumberCards {
			if j, ok := p.find(n); ok && j == i {
				given = true
			}
		}
		if !given {
			return false
		}
	}
	return true
}

// Final is the position as a score-check State (docs/api-rune-market.md).
func (p Position) Final() State {
	s := State{Options: Options{RPSWinner: p.RPSWinner}}
	for _, seat := range p.clone().Players {
		pl := seat.Player
		pl.Name = strings.TrimSpace(pl.Name)
		s.Players = append(s.Players, pl)
	}
	return s
}

func (p Position) clone() Position {
	n := p
	n.Players = slices.Clone(p.Players)
	for i, s := range n.Players {
		n.Players[i].Shelters = slices.Clone(s.Shelters)
		n.Players[i].BoatShelters = slices.Clone(s.BoatShelters)
		if s.HighestNumberCard != nil {
			v := *s.HighestNumberCard
			n.Players[i].HighestNumberCard = &v
		}
		if n.Players[i].Shelters == nil {
			n.Players[i].Shelters = []Shelter{}
		}
		if n.Players[i].BoatShelters == nil {
			n.Players[i].BoatShelters = []BoatShelter{}
		}
	}
	n.Attacked = slices.Clone(p.Attacked)
	n.InterestFrom = slices.Clone(p.InterestFrom)
	return n
}
