package aufderhut

import (
	"reflect"

	"tablemate/scoring"
)

var _ scoring.Documented = Engine{}

// Contract is what the game's JSON API reads and answers, as
// docs/api-auf-der-hut.md and -play.md document it: every code the score
// check and guided play answer, and the types requests are read into.
// docs' tests walk it against the documents; scoringtest holds the codes
// to the engine's code.
func (Engine) Contract() scoring.Contract {
	return scoring.Contract{
		Codes: []string{
			"after_game_end", "bad_step", "component_total", "first_seat",
			"game_not_over", "laid_after_empty_pile", "laid_missing",
			"negative_count", "no_such_character", "no_such_spot", "player_count",
			"standard_end", "swap_back", "third_copy", "too_many_taken",
		},
		Score:   reflect.TypeFor[State](),
		Setup:   reflect.TypeFor[PlayRequest](),
		Step:    reflect.TypeFor[WireStep](),
		Round:   nil,
		Options: reflect.TypeFor[Options](),
	}
}
