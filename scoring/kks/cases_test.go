package kks

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

// The worked cases of docs/examples/score-cases.json for this game.
func TestScoreCases(t *testing.T) {
	cases := scoringtest.Cases(t, Slug)
	if len(cases) != 2 {
		t.Fatalf("%d cases, want the 2 KKS cases", len(cases))
	}
	scoringtest.RunCases(t, cases, scoringtest.Only(Engine{}))
}

// An unreadable token is a 400 naming the field and the token; a readable
// number outside 1–10 is the card_value violation (ruling KKS-1).
func TestTokensReadableOrNot(t *testing.T) {
	body := func(red string) []byte {
		return []byte(`{"players":[{"name":"A","display":{"red":"` + red + `"}},{"name":"B"}]}`)
	}
	_, err := Engine{}.Check(body("3 seven"))
	var in *scoring.InputError
	if !errors.As(err, &in) || in.Field != "players[0].display.red" || !strings.Contains(in.Message, `"seven"`) {
		t.Errorf("3 seven: %v", err)
	}
	for _, red := range []string{"11", "0", "x12", "3 1000", "-1"} {
		res, err := Engine{}.Check(body(red))
		if err != nil {
			t.Errorf("%s: %v, want a card_value violation", red, err)
			continue
		}
		if !slices.Contains(scoringtest.Codes(res.Violations), "card_value") {
			t.Errorf("%s: %v, want card_value", red, scoringtest.Codes(res.Violations))
		}
	}
}

// Breakdown labels as API.md shows them, face-down lines only when there
// are face-down cards.
func TestBreakdownLabels(t *testing.T) {
	p := Player{Name: "A", Tokens: 2, Display: map[Colour]Stack{Red: {{3, false, false}, {0, true, true}, {1, false, false}}, Blue: {{5, false, false}}}}
	want := []scoring.Line{{Label: "red face-up", Points: 4}, {Label: "red face-down", Points: -1}, {Label: "blue face-up", Points: 5}, {Label: "tokens", Points: 2}}
	if got := Breakdown(p); !slices.EqualFunc(got, want, scoring.SameLine) {
		t.Errorf("got %v, want %v", got, want)
	}
}
