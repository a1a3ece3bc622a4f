package kks

import "tablemate/scoring"

var _ scoring.Ruled = Engine{}

// Rulebook returns the game's rulings (RULINGS.md) and the numbers of its
// rules no page or store may write out: they read the constants here.
func (Engine) Rulebook() scoring.Rulebook {
	return scoring.Rulebook{
		Rulings: []scoring.Ruling{
			{ID: "KKS-1", Summary: "There are 40 number cards: values 1–10 in black, red, blue and yellow, each card once; 7 tokens per player."},
			{ID: "KKS-2", Summary: "Each colour is one stack. It starts face up; a higher card goes face up, a lower one face down, and any card goes face up on a face-down card."},
			{ID: "KKS-3", Summary: "The game ends when the deck runs out and the round is finished, so every display holds the same number of cards: 17 with 2 players, 12 with 3, 9 with 4."},
			{ID: "KKS-4", Summary: "A player's tokens are never negative, and all players together have at most 7 per player."},
			{ID: "KKS-5", Summary: "Score: face-up values, minus 1 per face-down card, plus 1 per token left. Most points wins; ties all win."},
			{ID: "KKS-6", Summary: "Special cards are recorded (3 of the 15); their effects are entered as labelled adjustments and rule checks become warnings."},
		},
		Numbers: []scoring.RuleNumber{
			{What: "Koffer, Katze & Sombrero's row (kks.RowSize)", Value: RowSize, Ruling: "", Words: []string{"row"}},
			{What: "Koffer, Katze & Sombrero's tokens (kks.MaxTokens)", Value: MaxTokens, Ruling: "KKS-4", Words: []string{"token"}},
			{What: "Koffer, Katze & Sombrero's special cards (kks.MaxSpecialCard)", Value: MaxSpecialCard, Ruling: "KKS-6", Words: []string{"special"}},
			{What: "Koffer, Katze & Sombrero's players (kks.MaxPlayers)", Value: MaxPlayers, Ruling: "", Words: []string{"slot", "seat"}},
		},
	}
}
