package kks

import (
	"reflect"

	"tablemate/scoring"
)

var _ scoring.Documented = Engine{}

// Contract is what the game's JSON API reads and answers, as
// docs/api-koffer-katze-sombrero.md and -play.md document it: every code the score
// check and guided play answer, and the types requests are read into.
// docs' tests walk it against the documents; scoringtest holds the codes
// to the engine's code.
func (Engine) Contract() scoring.Contract {
	return scoring.Contract{
		Codes: []string{
			"adjustment_card", "adjustment_not_allowed", "after_game_end",
			"cannot_pay", "card_count", "card_seen", "card_value", "duplicate_card",
			"face_down_not_lower", "face_down_on_face_down", "face_down_start",
			"first_seat", "no_such_position", "not_ascending", "player_count",
			"reveal_after_empty_deck", "reveal_missing", "row_size",
			"special_cards", "token_total",
		},
		Score:   reflect.TypeFor[Request](),
		Setup:   reflect.TypeFor[Setup](),
		Step:    reflect.TypeFor[WireStep](),
		Round:   nil,
		Options: reflect.TypeFor[Options](),
	}
}
