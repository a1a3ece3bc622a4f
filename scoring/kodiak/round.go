package kodiak

import (
	"fmt"
	"strings"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
)

// Points per hairball and pounce (rulings KOD-1, KOD-2).
const (
	KeptPoints      = 10 // a hairball still in the table cards
	DiscardedPoints = 5  // a hairball discarded by accident
	PouncePoints    = -5 // each successful pounce, Kodiak only
	MaxPounces      = 3  // "a maximum score of -15 points per round"
)

// RoundScore is one player's round (ruling KOD-1): card values + 10 per
// hairball kept + 5 per hairball discarded − 5 per pounce. A hairball typed
// among the cards is worth 0 (KOD-2). Counts are used as entered, even when
// Validate reports them (G-3).
func RoundScore(r Round) int {
	return CardSum(r.Cards) + KeptPoints*r.HairballsKept + DiscardedPoints*r.HairballsDiscarded + PouncePoints*r.Pounces
}

// CardSum is the sum of the card values; no cards = 0.
func CardSum(cards []Card) int {
	sum := 0
	for _, c := range cards {
		sum += c.Value()
	}
	return sum
}

// TableCards is how many table cards the player ended the round with: the
// cards entered plus the hairballs kept (a kept hairball is a table card).
func TableCards(r Round) int {
	return len(r.Cards) + max(r.HairballsKept, 0)
}

// KodiakSeat returns the seat (0-based, in the players' order) that is
// Kodiak in round (1-based) when seat start was Kodiak in round 1: Kodiak
// passes left, to the next seat, each round (ruling KOD-1).
func KodiakSeat(round, start, players int) int {
	if players <= 0 {
		return 0
	}
	return ((start+round-1)%players + players) % players
}

// lines explains round j's score as breakdown lines that add up to it.
func lines(j int, r Round) []scoring.Line {
	prefix := fmt.Sprintf("round %d", j+1)
	if r.Kodiak {
		prefix += " (Kodiak)"
	}
	out := []scoring.Line{{Label: prefix + ": " + cardsLabel(r.Cards), Points: CardSum(r.Cards)}}
	if r.HairballsKept != 0 {
		out = append(out, scoring.Line{Label: fmt.Sprintf("%s: %s kept", prefix, plural(r.HairballsKept, "hairball")), Points: KeptPoints * r.HairballsKept})
	}
	if r.HairballsDiscarded != 0 {
		out = append(out, scoring.Line{Label: fmt.Sprintf("%s: %s discarded", prefix, plural(r.HairballsDiscarded, "hairball")), Points: DiscardedPoints * r.HairballsDiscarded})
	}
	if r.Pounces != 0 {
		out = append(out, scoring.Line{Label: fmt.Sprintf("%s: %s", prefix, plural(r.Pounces, "pounce")), Points: PouncePoints * r.Pounces})
	}
	for i := range out[1:] {
		out[i+1].Label += " (" + signed(out[i+1].Points) + ")"
	}
	return out
}

func cardsLabel(cards []Card) string {
	if len(cards) == 0 {
		return "no cards"
	}
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = cambio.Points(c.Value())
		if c.Hairball {
			parts[i] = "hairball 0"
		}
	}
	return strings.Join(parts, " + ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func signed(n int) string {
	if n > 0 {
		return "+" + cambio.Points(n)
	}
	return cambio.Points(n)
}
