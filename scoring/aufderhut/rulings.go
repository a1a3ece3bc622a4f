package aufderhut

import "tablemate/scoring"

var _ scoring.Ruled = Engine{}

// Rulebook returns the game's rulings (RULINGS.md) and the numbers of its
// rules no page or store may write out: they read the constants here.
func (Engine) Rulebook() scoring.Rulebook {
	return scoring.Rulebook{
		Rulings: []scoring.Ruling{
			{ID: "ADH-1", Summary: "Auf der Hut has 16 bald heads, 20 characters and 24 hats (4 of them wonderhats), for 2–6 players."},
			{ID: "ADH-2", Summary: "A match takes the character and its hat, a wonderhat is taken alone, a miss takes a bald head."},
			{ID: "ADH-3", Summary: "The game ends at the first refill that cannot be made: at most 14 matches, and matches plus wonderhats at most 18."},
			{ID: "ADH-4", Summary: "Each bald head covers a character unless a wonderhat covers it first; the score never drops below 0."},
			{ID: "ADH-5", Summary: "You may not swap back the two hats swapped on the turn just before."},
		},
		Numbers: []scoring.RuleNumber{
			{What: "Auf der Hut's display (aufderhut.DisplaySize)", Value: DisplaySize, Ruling: "", Words: []string{"display", "spot"}},
			{What: "Auf der Hut's hats (aufderhut.TotalHats)", Value: TotalHats, Ruling: "ADH-1", Words: []string{"hat"}},
			{What: "Auf der Hut's bald heads (aufderhut.TotalBaldHeads)", Value: TotalBaldHeads, Ruling: "ADH-1", Words: []string{"bald"}},
		},
	}
}
