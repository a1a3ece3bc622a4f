package kociaki

import (
	"reflect"

	"tablemate/scoring"
)

var _ scoring.Documented = Engine{}

// Contract is what the game's JSON API reads and answers, as
// docs/api-kociaki-lobuziaki.md and -play.md document it: every code the score
// check and guided play answer, and the types requests are read into.
// docs' tests walk it against the documents; scoringtest holds the codes
// to the engine's code.
func (Engine) Contract() scoring.Contract {
	return scoring.Contract{
		Codes: []string{
			"after_game_end", "chip_impossible", "chip_unknown", "chip_value",
			"colour_used_up", "hand_colour", "no_such_colour", "no_such_player",
			"no_such_toy", "pile_impossible", "player_count", "round_not_finished",
			"same_colour", "short_before_last_round", "short_with_toys",
			"string_expected", "string_missing", "string_negative",
			"string_not_asked", "tile_first", "toy_number", "unknown_step",
		},
		Score:   reflect.TypeFor[State](),
		Setup:   reflect.TypeFor[Setup](),
		Step:    reflect.TypeFor[WireStep](),
		Round:   nil,
		Options: reflect.TypeFor[Options](),
	}
}
