package cambio

import (
	"slices"
	"testing"
)

func cards(t *testing.T, toks ...string) []Card {
	t.Helper()
	out := make([]Card, len(toks))
	for i, tok := range toks {
		c, err := ParseCard(tok)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = c
	}
	return out
}

func TestScoreRound(t *testing.T) {
	hands := [][]Card{cards(t, "7", "red-king", "swap"), cards(t, "3", "blue-king"), nil}
	if got := ScoreRound(hands, NoCaller, Options{}); !slices.Equal(got, []int{15, 16, 0}) {
		t.Errorf("no caller: %v", got)
	}
	if got := ScoreRound(hands, 2, Options{}); !slices.Equal(got, []int{15, 16, -5}) {
		t.Errorf("caller with no cards: %v", got)
	}
	if got := ScoreRound(hands, 0, Options{}); !slices.Equal(got, []int{20, 16, 0}) {
		t.Errorf("caller not fewest: %v", got)
	}
	if got := ScoreRound(hands, 7, Options{}); !slices.Equal(got, []int{15, 16, 0}) {
		t.Errorf("caller out of range: %v", got)
	}
}

func TestCallerBonus(t *testing.T) {
	tests := []struct {
		sums   []int
		caller int
		tie    string
		want   Bonus
	}{
		{[]int{3, 5}, 0, TieReward, Bonus{Points: -5, Fewest: true}},
		{[]int{5, 3}, 0, TieReward, Bonus{Points: 5}},
		{[]int{3, 3}, 0, TieReward, Bonus{Points: -5, Fewest: true, Tied: true}},
		{[]int{3, 3}, 0, TiePenalty, Bonus{Points: 5, Tied: true}},
		{[]int{3, 3, 1}, 0, TieReward, Bonus{Points: 5}}, // tied with one, beaten by another
		{[]int{3}, 0, TieReward, Bonus{Points: -5, Fewest: true}},
		{[]int{3}, -1, TieReward, Bonus{}},
	}
	for _, tt := range tests {
		if got := CallerBonus(tt.sums, tt.caller, Options{CambioTie: tt.tie}); got != tt.want {
			t.Errorf("CallerBonus(%v, %d, %s) = %+v, want %+v", tt.sums, tt.caller, tt.tie, got, tt.want)
		}
	}
}

func TestDealer(t *testing.T) {
	var got []int
	for r := 1; r <= 7; r++ {
		got = append(got, Dealer(r, 3))
	}
	if !slices.Equal(got, []int{0, 1, 2, 0, 1, 2, 0}) {
		t.Errorf("dealers %v", got)
	}
	if Dealer(0, 3) != 2 || Dealer(5, 0) != 0 {
		t.Error("edge cases")
	}
}

func TestRoundSumAndLabel(t *testing.T) {
	h := cards(t, "7", "red-king", "swap")
	if RoundSum(h) != 15 || CardsLabel(h) != "7 + −2 + 10" || CardsLabel(nil) != "no cards" || RoundSum(nil) != 0 {
		t.Errorf("%d %q", RoundSum(h), CardsLabel(h))
	}
}
