package alaska

import "tablemate/scoring"

var _ scoring.Ruled = Engine{}

// Rulebook returns the game's rulings (RULINGS.md) and the numbers of its
// rules no page or store may write out: they read the constants here.
func (Engine) Rulebook() scoring.Rulebook {
	return scoring.Rulebook{
		Rulings: []scoring.Ruling{
			{ID: "ALA-1", Summary: "Ten river sections in a ring; a cast hits the section of its number; each salmon caught is 1 point."},
			{ID: "ALA-2", Summary: "An angler catches a salmon when a flow carries it off the angler's section; until then it lies beside the angler (option on_contact: also when it swims onto or along the section)."},
			{ID: "ALA-3", Summary: "Every number card can be cast; a cast of 0 or above 10 lands in open water and catches nothing."},
			{ID: "ALA-4", Summary: "One angler per section: a tourist placed on a local chases both away; any other angler on an occupied section is refused."},
		},
		Numbers: []scoring.RuleNumber{
			{What: "Alaska's river (alaska.Sections)", Value: Sections, Ruling: "ALA-1", Words: []string{"section", "river"}},
			{What: "Alaska's hand (alaska.HandSize)", Value: HandSize, Ruling: "", Words: []string{"hand"}},
			{What: "Alaska's deck (alaska.DeckSize)", Value: DeckSize, Ruling: "", Words: []string{"card", "deck", "salmon"}},
		},
	}
}
