package scoring

import "testing"

func TestRoundCountMismatch(t *testing.T) {
	type p struct {
		name   string
		rounds int
	}
	name, rounds := func(x p) string { return x.name }, func(x p) int { return x.rounds }
	if got := RoundCountMismatch([]p{{"Ana", 2}, {"Ben", 2}}, name, rounds).String(); got != "" {
		t.Errorf("equal rounds: %q", got)
	}
	if got := RoundCountMismatch([]p{{"Ana", 2}, {"Ben", 1}}, name, rounds).String(); got != "every player needs the same number of rounds, but the rounds entered are: Ana 2, Ben 1" {
		t.Errorf("mismatch: %q", got)
	}
}
