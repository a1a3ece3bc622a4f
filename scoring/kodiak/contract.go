package kodiak

import (
	"reflect"

	"tablemate/scoring"
)

var _ scoring.Documented = Engine{}

// Contract is what the game's JSON API reads and answers, as
// docs/api-kodiak.md, api-rounds.md and api-cambio-play.md document it: every code the score
// check and guided play answer, and the types requests are read into.
// docs' tests walk it against the documents; scoringtest holds the codes
// to the engine's code.
func (Engine) Contract() scoring.Contract {
	return scoring.Contract{
		Codes: []string{
			"after_game_end", "count_delta", "count_too_high", "hairball_as_card",
			"hairball_mismatch", "kodiak_cards", "kodiak_count", "kodiak_mismatch",
			"kodiak_order", "negative_count", "no_hairball", "no_pounce",
			"no_such_seat", "nobody_out", "not_their_turn", "out_has_cards",
			"player_count", "pounce_mismatch", "pounce_not_kodiak", "round_closed",
			"round_count", "round_not_over", "round_players", "too_many_pounces",
			"unknown_step",
		},
		Score:   reflect.TypeFor[State](),
		Setup:   reflect.TypeFor[PlayRequest](),
		Step:    reflect.TypeFor[WireStep](),
		Round:   reflect.TypeFor[RoundEntry](),
		Options: reflect.TypeFor[Options](),
	}
}
