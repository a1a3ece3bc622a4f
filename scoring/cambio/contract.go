package cambio

import (
	"reflect"

	"tablemate/scoring"
)

var _ scoring.Documented = Engine{}

// Contract is what the game's JSON API reads and answers, as
// docs/api-cambio.md, api-rounds.md and api-cambio-play.md document it: every code the score
// check and guided play answer, and the types requests are read into.
// docs' tests walk it against the documents; scoringtest holds the codes
// to the engine's code.
func (Engine) Contract() scoring.Contract {
	return scoring.Contract{
		Codes: []string{
			"after_game_end", "caller_frozen", "caller_mismatch", "caller_out",
			"cambio_twice", "multiple_callers", "no_penalty_card", "no_such_seat",
			"not_their_turn", "out_has_cards", "penalty_delta", "player_count",
			"round_closed", "round_count", "round_not_ended", "round_not_over",
			"round_players", "unknown_step",
		},
		Score:   reflect.TypeFor[State](),
		Setup:   reflect.TypeFor[PlayRequest](),
		Step:    reflect.TypeFor[WireStep](),
		Round:   reflect.TypeFor[RoundEntry](),
		Options: reflect.TypeFor[Options](),
	}
}
