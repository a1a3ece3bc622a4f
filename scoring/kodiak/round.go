package kodiak

import (
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

// KodiakCardsAtMost is how many table cards Kodiak can hold (ruling
// KOD-3): Kodiak is dealt 3 and never gains one (every draw is exchanged),
// and each successful pounce and each hairball Kodiak discards by accident
// costs one. Counts below 0 cost nothing; the result is negative when the
// counts take more than the 3 dealt.
func KodiakCardsAtMost(pounces, discarded int) int {
	return Dealt - max(pounces, 0) - max(discarded, 0)
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

// Next is NextFrom with the first seat as the first Kodiak.
func Next(s State) (round, rounds, seat int) { return NextFrom(s, 0) }

// NextFrom is the round a game of s plays next, how many rounds the game
// has and the seat that is Kodiak in that round by the rotation (ruling
// KOD-1: Kodiak passes to the left each round, counted from the first
// round with a single Kodiak). Before any such round the rotation starts
// at seat first: whoever the table chose to start (the rule text has the
// youngest start as Kodiak); a seat that is not at the table counts as
// the first.
func NextFrom(s State, first int) (round, rounds, seat int) {
	n := len(s.Players)
	round = roundsEntered(s) + 1
	start := 0
	if first > 0 && first < n {
		start = first
	}
	if j, k := firstSingleKodiak(s); j >= 0 && n > 0 {
		start = ((k-j)%n + n) % n
	}
	return round, s.Options.GameRounds(n), KodiakSeat(round, start, n)
}

// lines explains round j's score as breakdown lines that add up to it.
func lines(j int, r Round) []scoring.Line {
	prefix := scoring.Phrasef("round %d", j+1)
	if r.Kodiak {
		prefix = scoring.Phrasef("round %d (Kodiak)", j+1)
	}
	out := []scoring.Line{scoring.Linef(CardSum(r.Cards), "%s: %s", prefix, cardTerms(r.Cards))}
	if r.HairballsKept != 0 {
		out = append(out, scoring.Linef(KeptPoints*r.HairballsKept, "%s: %s kept", prefix, scoring.Count(r.HairballsKept, "1 hairball", "%d hairballs")))
	}
	if r.HairballsDiscarded != 0 {
		out = append(out, scoring.Linef(DiscardedPoints*r.HairballsDiscarded, "%s: %s discarded", prefix, scoring.Count(r.HairballsDiscarded, "1 hairball", "%d hairballs")))
	}
	if r.Pounces != 0 {
		out = append(out, scoring.Linef(PouncePoints*r.Pounces, "%s: %s", prefix, scoring.Count(r.Pounces, "1 pounce", "%d pounces")))
	}
	for i := range out[1:] {
		l := out[i+1]
		out[i+1] = scoring.Linef(l.Points, "%s (%s)", l.Phrase, scoring.Name(signed(l.Points)))
	}
	return out
}

func cardTerms(cards []Card) scoring.Phrase {
	if len(cards) == 0 {
		return scoring.Phrasef("no cards")
	}
	terms := make(scoring.Terms, len(cards))
	for i, c := range cards {
		terms[i] = scoring.Name(cambio.Points(c.Value()))
		if c.Hairball {
			terms[i] = scoring.Phrasef("hairball 0")
		}
	}
	return scoring.Phrasef("%s", terms)
}

func signed(n int) string {
	if n > 0 {
		return "+" + cambio.Points(n)
	}
	return cambio.Points(n)
}
