package cambio

import (
	"reflect"
	"testing"
)

// Ruling CAM-3 from its words: "A Cambio round ends in one of two ways
// only: a call … or a player with no table cards left"; "the caller still
// holds at least one card at the end of the round". EndProblems is what
// the score check, guided play and the round editor all ask.
func TestEndProblems(t *testing.T) {
	for _, c := range []struct {
		name   string
		held   []int
		called []bool
		out    int
		want   []EndProblem
	}{
		{"a call ends the round", []int{2, 3}, []bool{true, false}, NoSeat, nil},
		{"a player with no cards ends the round", []int{0, 3}, []bool{false, false}, NoSeat, nil},
		{"neither: not ended", []int{2, 3}, []bool{false, false}, NoSeat, []EndProblem{{"round_not_ended", NoSeat}}},
		{"the caller holds no card", []int{0, 3}, []bool{true, false}, NoSeat, []EndProblem{{"caller_out", 0}}},
		{"another player out after the call", []int{1, 0}, []bool{true, false}, NoSeat, nil},
		{"the named player out holds nothing", []int{2, 0}, []bool{false, false}, 1, nil},
		{"the named player out holds cards", []int{0, 2}, []bool{false, false}, 1, []EndProblem{{"out_has_cards", 1}}},
		{"two callers, both out", []int{0, 0, 4}, []bool{true, true, false}, NoSeat, []EndProblem{{"caller_out", 0}, {"caller_out", 1}}},
		{"nobody at the table", nil, nil, NoSeat, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := EndProblems(c.held, c.called, c.out); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}
