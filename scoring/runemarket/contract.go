package runemarket

import (
	"reflect"

	"tablemate/scoring"
)

var _ scoring.Documented = Engine{}

// Contract is what the game's JSON API reads and answers, as
// docs/api-rune-market.md and api-rune-market-play.md document it: every code the score
// check and guided play answer, and the types requests are read into.
// docs' tests walk it against the documents; scoringtest holds the codes
// to the engine's code.
func (Engine) Contract() scoring.Contract {
	return scoring.Contract{
		Codes: []string{
			"after_game_end", "bandit_owner", "bandit_target",
			"bandit_with_boat_shelter", "boat_shelter_limit", "boat_shelter_place",
			"cannot_pay", "card_value", "cards_sum", "duel_card", "duel_defence",
			"duel_repeat", "duel_target", "hand_card_required", "hand_size",
			"interest_first", "interest_taken", "market_empty", "market_out",
			"negative_count", "no_bandit", "no_payment", "not_ended",
			"place_colour", "place_runes", "place_shelter", "player_count",
			"ransom_runes", "rps_winner", "rune_colour", "runes_after_hand_card",
			"shelter_colour", "shelter_limit", "steal_count", "steal_from",
			"steal_nothing", "steal_what", "tie_break_open", "two_payments",
			"unknown_action", "unknown_item", "unknown_player",
		},
		Score:   reflect.TypeFor[State](),
		Setup:   reflect.TypeFor[Setup](),
		Step:    reflect.TypeFor[Step](),
		Round:   nil,
		Options: reflect.TypeFor[Options](),
	}
}
