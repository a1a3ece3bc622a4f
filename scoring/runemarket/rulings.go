package runemarket

import "tablemate/scoring"

var _ scoring.Ruled = Engine{}

// Rulebook returns the game's rulings (RULINGS.md) and the numbers of its
// rules no page or store may write out: they read the constants here.
func (Engine) Rulebook() scoring.Rulebook {
	return scoring.Rulebook{
		Rulings: []scoring.Ruling{
			{ID: "RUN-1", Summary: "Runes score 1, boat shelters +1, bandits −1 for the occupant; ties go to boat shelters, then fewer bandits, then the highest number card."},
			{ID: "RUN-2", Summary: "A bandit may go into any shelter of another player; one that finds a stand-alone boat shelter destroys it, both go back to the market, and its runes stay with their owner, loose."},
		},
		Numbers: []scoring.RuleNumber{
			{What: "The Rune Market's \"21 or more\" (runemarket.BoatOrBanditSum)", Value: BoatOrBanditSum, Ruling: "", Words: []string{"sum", "boat", "bandit", "ransom", "pay", "number"}},
			{What: "The Rune Market's free shelters (runemarket.MainColours)", Value: MainColours, Ruling: "", Words: []string{"shelter", "free"}},
			{What: "The Rune Market's ransom (runemarket.RansomRunes)", Value: RansomRunes, Ruling: "", Words: []string{"ransom"}},
			{What: "The Rune Market's hand (runemarket.HandSize)", Value: HandSize, Ruling: "", Words: []string{"hand"}},
		},
	}
}
