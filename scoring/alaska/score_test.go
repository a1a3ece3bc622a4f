package alaska

import (
	"errors"
	"slices"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		codes   []string // violation codes, in order
		totals  []int
		winners []string
	}{
		{"most salmon wins", `{"players":[{"name":"Ana","salmon":5},{"name":"Ben","salmon":3}]}`,
			nil, []int{5, 3}, []string{"Ana"}},
		{"ties all win (ALA-1)", `{"players":[{"name":"Ana","salmon":4},{"name":"Ben","salmon":4},{"name":"Cy","salmon":1}],"options":{}}`,
			nil, []int{4, 4, 1}, []string{"Ana", "Ben"}},
		{"nobody caught anything", `{"players":[{"name":"Ana","salmon":0},{"name":"Ben"}]}`,
			nil, []int{0, 0}, []string{"Ana", "Ben"}},
		{"four players is the most", `{"players":[{"name":"A","salmon":1},{"name":"B","salmon":2},{"name":"C","salmon":3},{"name":"D","salmon":4}]}`,
			nil, []int{1, 2, 3, 4}, []string{"D"}},
		{"one player", `{"players":[{"name":"Ana","salmon":5}]}`,
			[]string{"player_count"}, []int{5}, nil},
		{"five players", `{"players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"}]}`,
			[]string{"player_count"}, []int{0, 0, 0, 0, 0}, nil},
		{"no players", `{"players":[]}`, []string{"player_count"}, nil, nil},
		{"negative salmon", `{"players":[{"name":"Ana","salmon":-1},{"name":"Ben","salmon":2}]}`,
			[]string{"negative_count"}, []int{-1, 2}, nil},
		{"66 salmon is the deck's limit", `{"players":[{"name":"Ana","salmon":60},{"name":"Ben","salmon":6}]}`,
			nil, []int{60, 6}, []string{"Ana"}},
		// ruling G-1: counts lie within ±1,000,000, so the table-wide
		// bound is never computed on a wrapped sum.
		{"a million salmon each is still counted exactly", `{"players":[{"name":"Ana","salmon":1000000},{"name":"Ben","salmon":1000000}]}`,
			[]string{"salmon_total"}, []int{1000000, 1000000}, nil},
		{"67 salmon cannot be", `{"players":[{"name":"Ana","salmon":60},{"name":"Ben","salmon":7}]}`,
			[]string{"salmon_total"}, []int{60, 7}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Engine{}.Check([]byte(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, v := range r.Violations {
				codes = append(codes, v.Code)
				if v.Rule == "" || v.Message == "" {
					t.Errorf("violation %s lacks a rule or message", v.Code)
				}
			}
			if !slices.Equal(codes, tt.codes) {
				t.Errorf("codes = %v, want %v", codes, tt.codes)
			}
			// Each total is the sum of its breakdown (with every other
			// invariant of a result).
			scoringtest.Check(t, Engine{}, r)
			var totals []int
			for _, p := range r.Players {
				totals = append(totals, p.Total)
			}
			if !slices.Equal(totals, tt.totals) {
				t.Errorf("totals = %v, want %v", totals, tt.totals)
			}
			if !slices.Equal(r.Winners, tt.winners) && !(len(r.Winners) == 0 && tt.winners == nil) {
				t.Errorf("winners = %v, want %v", r.Winners, tt.winners)
			}
			if r.Valid != (len(tt.codes) == 0) || !r.GameOver || r.Game != "alaska" {
				t.Errorf("valid=%v game_over=%v game=%q", r.Valid, r.GameOver, r.Game)
			}
			if r.Violations == nil || r.Warnings == nil || r.Winners == nil {
				t.Error("arrays must be non-nil")
			}
		})
	}
}

func TestNegativeCountNamesThePlayer(t *testing.T) {
	r := Score(State{Players: []Player{{"Ana", 2}, {"Ben", -3}}})
	want := scoring.Violation{Code: "negative_count", Player: "Ben", Rule: "ALA-1",
		Message: "Ben has -3 salmon: a player cannot hold fewer than 0 salmon cards"}
	if len(r.Violations) != 1 || !scoring.SameViolation(r.Violations[0], want) {
		t.Errorf("got %+v", r.Violations)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct{ name, body, field string }{
		{"syntax", `{"players":[`, ""},
		{"empty", ``, ""},
		{"wrong type", `{"players":[{"name":"Ana","salmon":2},{"name":"Ben","salmon":"3"}]}`, "players[1].salmon"},
		{"fraction", `{"players":[{"name":"Ana","salmon":2.5}]}`, "players[0].salmon"},
		{"unknown player field", `{"players":[{"name":"Ana","fish":2}]}`, "players[0].fish"},
		{"unknown top field", `{"players":[],"round":1}`, "round"},
		{"unknown option", `{"players":[],"options":{"dice":true}}`, "options.dice"},
		{"unknown angler_catch", `{"players":[],"options":{"angler_catch":"sometimes"}}`, "options.angler_catch"},
		{"angler_catch not a string", `{"players":[],"options":{"angler_catch":true}}`, "options.angler_catch"},
		{"missing name", `{"players":[{"name":"Ana"},{"salmon":1}]}`, "players[1].name"},
		{"duplicate name", `{"players":[{"name":"Ana"},{"name":"ana"}]}`, "players[1].name"},
		{"players not a list", `{"players":{}}`, "players"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Engine{}.Check([]byte(tt.body))
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("got %v, want *scoring.InputError", err)
			}
			if in.Field != tt.field {
				t.Errorf("field = %q (%s), want %q", in.Field, in.Message, tt.field)
			}
		})
	}
}

func TestInfo(t *testing.T) {
	i := Engine{}.Info()
	if i.Slug != "alaska" || i.Title != "Alaska" || i.MinPlayers != 2 || i.MaxPlayers != 4 || i.LowestWins {
		t.Errorf("info = %+v", i)
	}
	// Ruling ALA-2's other reading is a table option, given in options.
	if len(i.Options) != 1 || i.Options[0].Name != "angler_catch" || i.Options[0].Default != SwimPast ||
		len(i.Options[0].Values) != 2 || i.Options[0].Values[1] != OnContact {
		t.Errorf("options = %+v", i.Options)
	}
}

// Ruling ALA-2: options.angler_catch is read like every game's options;
// it changes how play catches, not the count of salmon.
func TestAnglerCatchOption(t *testing.T) {
	for _, c := range []struct {
		body string
		want Options
	}{
		{`{"players":[{"name":"Ana","salmon":2},{"name":"Ben","salmon":1}]}`, Options{}},
		{`{"players":[{"name":"Ana","salmon":2},{"name":"Ben","salmon":1}],"options":{"angler_catch":"swim_past"}}`, Options{}},
		{`{"players":[{"name":"Ana","salmon":2},{"name":"Ben","salmon":1}],"options":{"angler_catch":"on_contact"}}`, Options{AnglerCatch: OnContact}},
	} {
		s, err := Decode([]byte(c.body))
		if err != nil || s.Options != c.want {
			t.Errorf("%s: %+v %v", c.body, s.Options, err)
		}
		if r := Score(s); !r.Valid || r.Players[0].Total != 2 || r.Winners[0] != "Ana" {
			t.Errorf("%s: %+v", c.body, r)
		}
	}
}

func FuzzCheck(f *testing.F) {
	f.Add([]byte(`{"players":[{"name":"Ana","salmon":5},{"name":"Ben","salmon":3}]}`))
	f.Add([]byte(`{"players":[{"name":"Ana","salmon":-1}],"options":{}}`))
	f.Add([]byte(`{"players":[{"name":"Ana","salmon":60},{"name":"Ben","salmon":7}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		r, err := Engine{}.Check(body)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("error %v is not an InputError", err)
			}
			if r.Game != "" {
				t.Fatal("a result came with an error")
			}
			return
		}
		// No null lists, each total the sum of its breakdown, no winners
		// on an invalid state (with every other invariant of a result).
		scoringtest.Check(t, Engine{}, r)
	})
}
