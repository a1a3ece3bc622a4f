package scoring

import (
	"errors"
	"strconv"
	"testing"
)

// A counter game for ApplySteps: each step adds its number; 0 is refused.
func TestApplySteps(t *testing.T) {
	parse := func(raw []byte) (int, error) {
		n, err := strconv.Atoi(string(raw))
		if err != nil {
			return 0, Errorf("step", "not a number")
		}
		return n, nil
	}
	apply := func(pos, n int) (int, *StepError) {
		if n == 0 {
			return pos, &StepError{Code: "zero", Rule: "T-1"}
		}
		return pos + n, nil
	}
	for _, tc := range []struct {
		name  string
		steps []string
		pos   int
		code  string // "" = no error, "input" = *InputError
	}{
		{"all played", []string{"1", "2", "3"}, 6, ""},
		{"none", nil, 0, ""},
		{"refused: the position before it", []string{"1", "0", "5"}, 1, "zero"},
		{"unreadable: the position before it", []string{"2", "x"}, 2, "input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := make([][]byte, len(tc.steps))
			for i, s := range tc.steps {
				raw[i] = []byte(s)
			}
			pos, err := ApplySteps(0, raw, parse, apply)
			var se *StepError
			var in *InputError
			switch {
			case pos != tc.pos:
				t.Errorf("position %d, want %d", pos, tc.pos)
			case tc.code == "" && err != nil:
				t.Errorf("error %v", err)
			case tc.code == "input" && !errors.As(err, &in):
				t.Errorf("error %v, want an InputError", err)
			case tc.code != "" && tc.code != "input" && (!errors.As(err, &se) || se.Code != tc.code):
				t.Errorf("error %v, want %s", err, tc.code)
			}
		})
	}
}
