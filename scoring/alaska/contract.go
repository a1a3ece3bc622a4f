package alaska

import (
	"reflect"

	"tablemate/scoring"
)

var _ scoring.Documented = Engine{}

// Contract is what the game's JSON API reads and answers, as
// docs/api-alaska.md and api-alaska-play.md document it: every code the score
// check and guided play answer, and the types requests are read into.
// docs' tests walk it against the documents; scoringtest holds the codes
// to the engine's code.
func (Engine) Contract() scoring.Contract {
	return scoring.Contract{
		Codes: []string{
			"after_game_end", "card_value", "cast_cards", "draw_pile",
			"eagle_target", "final_turn_cards", "flow_count", "keep_too_many",
			"negative_count", "no_angler", "no_cards", "no_salmon", "no_section",
			"not_possible", "nothing_to_eat", "own_catch", "phase_order",
			"player_count", "roll_missing", "roll_not_needed", "salmon_total",
			"section_taken", "sitting_out", "unknown_action", "unknown_player",
		},
		Score:   reflect.TypeFor[State](),
		Setup:   reflect.TypeFor[PlayRequest](),
		Step:    reflect.TypeFor[Step](),
		Round:   nil,
		Options: reflect.TypeFor[Options](),
	}
}
