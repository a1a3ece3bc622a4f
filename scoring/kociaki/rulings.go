package kociaki

import "tablemate/scoring"

var _ scoring.Ruled = Engine{}

// Rulebook returns the game's rulings (RULINGS.md) and the numbers of its
// rules no page or store may write out: they read the constants here.
func (Engine) Rulebook() scoring.Rulebook {
	return scoring.Rulebook{
		Rulings: []scoring.Ruling{
			{ID: "KOC-1", Summary: "Each toy pile holds chips 2, 2, 3, 3, 4; with 3 players 1 chip per pile is removed, with 2 players 2."},
			{ID: "KOC-2", Summary: "Chips are taken from the smallest value up, so each toy's taken chips must be the smallest ones left in its pile."},
			{ID: "KOC-3", Summary: "Each furniture tile played differs in colour from the one below it; 12 tiles are played."},
			{ID: "KOC-4", Summary: "Score: sum of chip values; experienced variant +1 per toy type, 15 for all 10 types."},
			{ID: "KOC-5", Summary: "Ties go to the player with more string left; still tied, both win."},
		},
		Numbers: []scoring.RuleNumber{
			{What: "Kociaki's rounds (kociaki.Rounds)", Value: Rounds, Ruling: "KOC-3", Words: []string{"round", "tile"}},
			{What: "Kociaki's all-types bonus (kociaki.AllTypesBonus)", Value: AllTypesBonus, Ruling: "KOC-4", Words: []string{"bonus", "type"}},
			{What: "Kociaki's toys (kociaki.Toys)", Value: Toys, Ruling: "KOC-4", Words: []string{"toy", "type"}},
		},
	}
}
