package cambio

import "tablemate/scoring"

// Bonus points for a Cambio caller (ruling CAM-2).
const (
	CallerReward  = -5 // the caller had the fewest points
	CallerPenalty = 5  // someone else had fewer (or tied, with TiePenalty)
)

// NoCaller is the caller index of a round in which nobody called Cambio.
const NoCaller = -1

// RoundSum is the sum of the card values (ruling CAM-2: no cards = 0).
func RoundSum(cards []Card) int {
	sum := 0
	for _, c := range cards {
		sum += c.Value()
	}
	return sum
}

// Bonus is the caller's reward or penalty for one round and why.
type Bonus struct {
	Points int  // CallerReward or CallerPenalty
	Fewest bool // the caller counts as having the fewest points
	Tied   bool // another player had exactly the caller's sum, none fewer
}

// Phrase describes the bonus for a breakdown line, e.g.
// "Cambio called, fewest (−5)" or "Cambio called, tied for fewest (+5)".
func (b Bonus) Phrase() scoring.Phrase {
	why := scoring.Phrasef("not fewest")
	switch {
	case b.Tied:
		why = scoring.Phrasef("tied for fewest")
	case b.Fewest:
		why = scoring.Phrasef("fewest")
	}
	sign := "+"
	if b.Points < 0 {
		sign = ""
	}
	return scoring.Phrasef("Cambio called, %s (%s)", why, scoring.Name(sign+Points(b.Points)))
}

// CallerBonus decides the caller's bonus from every player's round sum
// (ruling CAM-2): −5 if no other player has a lower sum — a tie counts as
// fewest unless opts.Tie() is TiePenalty — else +5. caller indexes sums.
// A caller outside sums gets the zero Bonus.
func CallerBonus(sums []int, caller int, opts Options) Bonus {
	if caller < 0 || caller >= len(sums) {
		return Bonus{}
	}
	lower, tied := false, false
	for i, s := range sums {
		switch {
		case i == caller:
		case s < sums[caller]:
			lower = true
		case s == sums[caller]:
			tied = true
		}
	}
	b := Bonus{Tied: tied && !lower}
	b.Fewest = !lower && (!tied || opts.Tie() == TieReward)
	b.Points = CallerPenalty
	if b.Fewest {
		b.Points = CallerReward
	}
	return b
}

// ScoreRound scores one round: hands[i] are player i's table cards and
// caller is the index of the player who called Cambio, or NoCaller. Each
// score is the card sum plus, for the caller, CallerBonus's −5 or +5.
func ScoreRound(hands [][]Card, caller int, opts Options) []int {
	scores := make([]int, len(hands))
	for i, h := range hands {
		scores[i] = RoundSum(h)
	}
	if caller >= 0 && caller < len(hands) {
		scores[caller] += CallerBonus(scores, caller, opts).Points
	}
	return scores
}

// Dealer returns the seat (0-based, in the players' order) that deals
// round (1-based): round 1 is seat 0 and the deal passes left, to the next
// seat, each round (rule text: "the position of the dealer changes
// clockwise").
func Dealer(round, players int) int {
	if players <= 0 {
		return 0
	}
	return ((round-1)%players + players) % players
}

// CardsLabel writes a round's card values as a sum: "7 + −2 + 10", or
// "no cards".
func CardsLabel(cards []Card) string { return CardTerms(cards).String() }

// CardTerms is CardsLabel as a Phrase for a score line.
func CardTerms(cards []Card) scoring.Phrase {
	if len(cards) == 0 {
		return scoring.Phrasef("no cards")
	}
	terms := make(scoring.Terms, len(cards))
	for i, c := range cards {
		terms[i] = scoring.Name(Points(c.Value()))
	}
	return scoring.Phrasef("%s", terms)
}
