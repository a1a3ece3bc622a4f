package kks

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
)

// The worked cases of docs/examples/score-cases.json for this game,
// copied to testdata.
func TestScoreCases(t *testing.T) {
	data, err := os.ReadFile("testdata/score-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		ID      string          `json:"id"`
		Request json.RawMessage `json:"request"`
		Expect  struct {
			Valid    bool     `json:"valid"`
			GameOver bool     `json:"game_over"`
			Codes    []string `json:"codes"`
			Players  []struct {
				Name  string `json:"name"`
				Total int    `json:"total"`
			} `json:"players"`
			Winners []string `json:"winners"`
		} `json:"expect"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) != 2 {
		t.Fatalf("%d cases, want the 2 KKS cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			res, err := Engine{}.Check(c.Request)
			if err != nil {
				t.Fatal(err)
			}
			if res.Valid != c.Expect.Valid || res.GameOver != c.Expect.GameOver {
				t.Errorf("valid %v game_over %v, want %v %v", res.Valid, res.GameOver, c.Expect.Valid, c.Expect.GameOver)
			}
			got := codes(res.Violations)
			for _, code := range c.Expect.Codes {
				if !slices.Contains(got, code) {
					t.Errorf("code %s missing from %v", code, got)
				}
			}
			if len(c.Expect.Codes) == 0 && len(got) != 0 {
				t.Errorf("unexpected violations %v", res.Violations)
			}
			if len(res.Players) != len(c.Expect.Players) {
				t.Fatalf("%d players, want %d", len(res.Players), len(c.Expect.Players))
			}
			for i, p := range c.Expect.Players {
				if res.Players[i].Name != p.Name || res.Players[i].Total != p.Total {
					t.Errorf("player %d = %s %d, want %s %d", i, res.Players[i].Name, res.Players[i].Total, p.Name, p.Total)
				}
			}
			if !slices.Equal(res.Winners, c.Expect.Winners) {
				t.Errorf("winners %v, want %v", res.Winners, c.Expect.Winners)
			}
		})
	}
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
		if !slices.Contains(codes(res.Violations), "card_value") {
			t.Errorf("%s: %v, want card_value", red, codes(res.Violations))
		}
	}
}

// Breakdown labels as API.md shows them, face-down lines only when there
// are face-down cards.
func TestBreakdownLabels(t *testing.T) {
	p := Player{Name: "A", Tokens: 2, Display: map[Colour]Stack{Red: {{3, false}, {0, true}, {1, false}}, Blue: {{5, false}}}}
	want := []scoring.Line{{Label: "red face-up", Points: 4}, {Label: "red face-down", Points: -1}, {Label: "blue face-up", Points: 5}, {Label: "tokens", Points: 2}}
	if got := Breakdown(p); !slices.EqualFunc(got, want, scoring.SameLine) {
		t.Errorf("got %v, want %v", got, want)
	}
}
