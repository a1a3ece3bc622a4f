package kodiak

import "tablemate/scoring"

var _ scoring.Ruled = Engine{}

// Rulebook returns the game's rulings (RULINGS.md) and the numbers of its
// rules no page or store may write out: they read the constants here.
func (Engine) Rulebook() scoring.Rulebook {
	return scoring.Rulebook{
		Rulings: []scoring.Ruling{
			{ID: "KOD-1", Summary: "One Kodiak per round, passing left; only Kodiak pounces (−5 each, at most 3); someone ends each round with no cards."},
			{ID: "KOD-2", Summary: "A hairball counts +10 if still held and +5 if discarded by accident, never also as a card value."},
			{ID: "KOD-3", Summary: "Kodiak is dealt 3 cards and never gains one: each pounce and each hairball Kodiak discards costs one, so Kodiak holds at most 3 − pounces − hairballs discarded."},
		},
		Numbers: []scoring.RuleNumber{
			{What: "Kodiak's pounce limit (kodiak.MaxPounces)", Value: MaxPounces, Ruling: "KOD-1", Words: []string{"pounce"}},
			{What: "Kodiak's pounce limit in points (kodiak.MaxPounces × PouncePoints)", Value: MaxPounces * -PouncePoints, Ruling: "KOD-1", Words: []string{"pounce"}},
			{What: "Kodiak's pounce points (kodiak.PouncePoints)", Value: -PouncePoints, Ruling: "KOD-1", Words: []string{"pounce"}},
			{What: "Kodiak's deck (kodiak.DeckSize)", Value: DeckSize, Ruling: "", Words: []string{"hairball", "card", "deck"}},
			{What: "Kodiak's kept hairball (kodiak.KeptPoints)", Value: KeptPoints, Ruling: "KOD-2", Words: []string{"hairball"}},
			{What: "Kodiak's discarded hairball (kodiak.DiscardedPoints)", Value: DiscardedPoints, Ruling: "KOD-2", Words: []string{"hairball"}},
		},
	}
}
