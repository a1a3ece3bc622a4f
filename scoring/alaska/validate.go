package alaska

import "tablemate/scoring"

// Player range printed on the rules (ruling ALA-1).
const (
	MinPlayers = 2
	MaxPlayers = 4
)

// DeckSize is the Cambio deck (ruling CAM-1) and RiverCards the blue runes
// laid out as the river; no other card can end up as a caught salmon.
const (
	DeckSize   = 76
	RiverCards = 10
	// MaxSalmon bounds the salmon caught at the whole table. The rule text
	// does not say how many salmon cards the deck holds, so this is the only
	// bound it proves: every card that is not a river card.
	MaxSalmon = DeckSize - RiverCards
)

// Validate lists every rule the state breaks, in a stable order.
func Validate(s State) []scoring.Violation {
	v := []scoring.Violation{}
	// ruling ALA-1: Alaska is for 2–4 players.
	if n := len(s.Players); n < MinPlayers || n > MaxPlayers {
		v = append(v, scoring.Violationf("player_count", "", "ALA-1", "Alaska is for %d–%d players, not %d", MinPlayers, MaxPlayers, n))
	}
	total := 0
	for _, p := range s.Players {
		// ruling ALA-1: the score is salmon cards caught, a count.
		if p.Salmon < 0 {
			v = append(v, scoring.Violationf("negative_count", p.Name, "ALA-1", "%s has %d salmon: a player cannot hold fewer than 0 salmon cards", scoring.Name(p.Name), p.Salmon))
			continue
		}
		if p.Salmon > MaxSalmon-total { // compared, not added: huge counts must not overflow
			total = MaxSalmon + 1
		} else {
			total += p.Salmon
		}
	}
	// ruling CAM-1, ALA-1: salmon are cards of the 76-card deck minus the
	// 10 river cards.
	if total > MaxSalmon {
		v = append(v, scoring.Violationf("salmon_total", "", "CAM-1", "the table holds %d salmon, but the deck has only %d cards besides the %d river cards", total, MaxSalmon, RiverCards))
	}
	return v
}
