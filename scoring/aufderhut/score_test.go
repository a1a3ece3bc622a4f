package aufderhut

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

func TestCover(t *testing.T) {
	tests := []struct {
		name string
		p    Player
		want Covering
	}{
		// The rule text's example: two bald heads, one wonderhat, four characters.
		{"rule text example", Player{Characters: 4, Wonderhats: 1, BaldHeads: 2},
			Covering{Characters: 4, BaldHeads: 2, CoveringWonderhats: 1, Uncovered: 1, BaldCharacters: 1, WithHat: 3}},
		{"all covered, spare wonderhat", Player{Characters: 3, Wonderhats: 2, BaldHeads: 1},
			Covering{Characters: 3, BaldHeads: 1, CoveringWonderhats: 1, SpareWonderhats: 1, WithHat: 3}},
		// ruling ADH-4: wonderhats are covers only, never characters.
		{"wonderhats alone score nothing", Player{Wonderhats: 4},
			Covering{SpareWonderhats: 4}},
		// ruling ADH-4: max(0, …).
		{"more bald heads than characters", Player{Characters: 2, BaldHeads: 9},
			Covering{Characters: 2, BaldHeads: 9, Uncovered: 9, BaldCharacters: 2}},
		{"negative counts read as 0", Player{Characters: -1, Wonderhats: -2, BaldHeads: -3}, Covering{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Cover(tt.p)
			if got != tt.want {
				t.Fatalf("Cover(%+v) = %+v, want %+v", tt.p, got, tt.want)
			}
			if sum := scoring.Sum(Breakdown(got)); sum != got.WithHat {
				t.Errorf("breakdown sums to %d, want %d", sum, got.WithHat)
			}
		})
	}
}

func TestBreakdownExplainsCovering(t *testing.T) {
	got := Breakdown(Cover(Player{Characters: 2, Wonderhats: 1, BaldHeads: 5}))
	want := []scoring.Line{
		{Label: "characters", Points: 2},
		{Label: "bald heads covered by wonderhats: 1", Points: 0},
		{Label: "bald heads not covered by wonderhats", Points: -4},
		{Label: "bald heads with no character left to cover (score stops at 0)", Points: 2},
	}
	if !slices.EqualFunc(got, want, scoring.SameLine) {
		t.Fatalf("Breakdown = %+v, want %+v", got, want)
	}
}

func TestScoreNeverBelowZero(t *testing.T) {
	for c := 0; c <= TotalCharacters; c++ {
		for w := 0; w <= TotalWonderhats; w++ {
			for b := 0; b <= TotalBaldHeads; b++ {
				cov := Cover(Player{Characters: c, Wonderhats: w, BaldHeads: b})
				want := max(0, c-max(0, b-w)) // ruling ADH-4 verbatim
				if cov.WithHat != want || scoring.Sum(Breakdown(cov)) != want {
					t.Fatalf("c=%d w=%d b=%d: %+v, want %d", c, w, b, cov, want)
				}
			}
		}
	}
}

// state builds a state from (characters, wonderhats, bald heads) triples.
func state(variant string, counts ...[3]int) State {
	s := State{Options: Options{Variant: variant}}
	for i, c := range counts {
		s.Players = append(s.Players, Player{Name: string(rune('A' + i)), Characters: c[0], Wonderhats: c[1], BaldHeads: c[2]})
	}
	return s
}

func TestValidateCodes(t *testing.T) {
	tests := []struct {
		name  string
		s     State
		codes []string
		rules []string
	}{
		{"finished on characters", state(Standard, [3]int{8, 1, 3}, [3]int{6, 0, 5}), nil, nil},
		{"finished on hats", state(Standard, [3]int{8, 2, 3}, [3]int{6, 2, 5}), nil, nil},
		// m + w = 18 with w ≤ 4 forces m = 14: both piles run out together.
		{"all wonderhats taken too", state(Standard, [3]int{7, 2, 0}, [3]int{7, 2, 0}), nil, nil},
		// ruling ADH-1
		{"one player", state(Standard, [3]int{14, 4, 0}), []string{"player_count"}, []string{"ADH-1"}},
		{"seven players", state(Standard, [3]int{2, 0, 0}, [3]int{2, 0, 0}, [3]int{2, 0, 0}, [3]int{2, 0, 0}, [3]int{2, 0, 0}, [3]int{2, 0, 0}, [3]int{2, 4, 0}),
			[]string{"player_count"}, []string{"ADH-1"}},
		{"six players", state(Standard, [3]int{4, 0, 0}, [3]int{2, 0, 0}, [3]int{2, 0, 0}, [3]int{2, 0, 0}, [3]int{2, 0, 0}, [3]int{2, 4, 0}), nil, nil},
		{"negative", state(Standard, [3]int{14, 4, -1}, [3]int{0, 0, 0}), []string{"negative_count"}, []string{"ADH-1"}},
		// ruling G-3: every violation, so 21 characters are past the box
		// (ADH-1) and past the 17 of a three_left game (ADH-3).
		{"21 characters", state(ThreeLeft, [3]int{11, 0, 0}, [3]int{10, 0, 0}), []string{"component_total", "too_many_taken"}, []string{"ADH-1", "ADH-3"}},
		{"5 wonderhats", state(ThreeLeft, [3]int{5, 3, 0}, [3]int{5, 2, 0}), []string{"component_total"}, []string{"ADH-1"}},
		{"17 bald heads", state(Standard, [3]int{8, 2, 9}, [3]int{6, 2, 8}), []string{"component_total"}, []string{"ADH-1"}},
		{"16 bald heads", state(Standard, [3]int{8, 2, 8}, [3]int{6, 2, 8}), nil, nil},
		// ruling ADH-3
		{"15 characters", state(Standard, [3]int{8, 0, 0}, [3]int{7, 0, 0}), []string{"too_many_taken"}, []string{"ADH-3"}},
		// ruling G-3: a fifth wonderhat is component_total, and 14 + 5 takes
		// pass the 18 of a standard game (too_many_taken) too.
		{"19 hats", state(Standard, [3]int{8, 2, 0}, [3]int{6, 3, 0}), []string{"component_total", "too_many_taken"}, []string{"ADH-1", "ADH-3"}},
		{"21 characters, standard", state(Standard, [3]int{11, 0, 0}, [3]int{10, 0, 0}), []string{"component_total", "too_many_taken"}, []string{"ADH-1", "ADH-3"}},
		// ruling G-3: a game that handed out more than the box holds is not
		// also "not over" (10 characters + 5 wonderhats: no ADH-3 end).
		{"5 wonderhats, standard, short", state(Standard, [3]int{5, 3, 0}, [3]int{5, 2, 0}), []string{"component_total"}, []string{"ADH-1"}},
		// A 17th bald head says nothing about the end: both are reported.
		{"17 bald heads, not over", state(Standard, [3]int{5, 2, 9}, [3]int{5, 0, 8}), []string{"component_total", "game_not_over"}, []string{"ADH-1", "ADH-3"}},
		{"three_left 18 characters", state(ThreeLeft, [3]int{9, 0, 0}, [3]int{9, 0, 0}), []string{"too_many_taken"}, []string{"ADH-3"}},
		{"three_left 17 characters", state(ThreeLeft, [3]int{9, 4, 0}, [3]int{8, 0, 0}), nil, nil},
		{"three_left declared early", state(ThreeLeft, [3]int{1, 0, 0}, [3]int{0, 0, 2}), nil, nil},
		{"not over", state(Standard, [3]int{7, 2, 3}, [3]int{6, 2, 5}), []string{"game_not_over"}, []string{"ADH-3"}},
		{"not over, no wonderhats", state(Standard, [3]int{7, 0, 0}, [3]int{6, 0, 0}), []string{"game_not_over"}, []string{"ADH-3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := Validate(tt.s)
			got := scoringtest.Codes(vs)
			if !slices.Equal(got, append([]string{}, tt.codes...)) {
				t.Fatalf("codes = %v, want %v (%+v)", got, tt.codes, vs)
			}
			for i, v := range vs {
				if v.Rule != tt.rules[i] || v.Message == "" {
					t.Errorf("violation %+v: want rule %s and a message", v, tt.rules[i])
				}
			}
		})
	}
}

func TestNegativeCountNamesPlayer(t *testing.T) {
	vs := Validate(state(Standard, [3]int{14, 4, 0}, [3]int{0, -2, 0}))
	if len(vs) != 1 || vs[0].Player != "B" || vs[0].Code != "negative_count" {
		t.Fatalf("got %+v", vs)
	}
}

func TestScoreResult(t *testing.T) {
	r := Score(state(Standard, [3]int{8, 2, 3}, [3]int{6, 2, 5}))
	if !r.Valid || !r.GameOver || !slices.Equal(r.Winners, []string{"A"}) {
		t.Fatalf("got %+v", r)
	}
	tie := Score(state(Standard, [3]int{7, 0, 0}, [3]int{7, 0, 0}))
	if !slices.Equal(tie.Winners, []string{"A", "B"}) {
		t.Errorf("ADH-4: ties all win, got %v", tie.Winners)
	}
	// ruling G-3: totals even when invalid; no winners then.
	bad := Score(state(Standard, [3]int{3, 0, 1}, [3]int{2, 0, 0}))
	if bad.Valid || bad.GameOver || len(bad.Winners) != 0 || bad.Players[0].Total != 2 {
		t.Errorf("not over: got %+v", bad)
	}
	b, _ := json.Marshal(Score(State{}))
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"violations", "warnings", "players", "winners"} {
		if _, ok := raw[k].([]any); !ok {
			t.Errorf("%s = %v, want an array", k, raw[k])
		}
	}
}

// The adh cases of docs/examples/score-cases.json: the simulated game
// Amelia wins 5 to 4 to 0, and the state that breaks every ADH ruling.
func TestScoreCase(t *testing.T) {
	cases := scoringtest.Cases(t, Slug)
	scoringtest.RunCases(t, cases, scoringtest.Only(Engine{}))
	r, err := Engine{}.Check(cases[0].Request)
	if err != nil {
		t.Fatal(err)
	}
	if cases[0].ID != "adh-3p-simulated" || !r.Valid || !r.GameOver || len(r.Violations) != 0 || !slices.Equal(r.Winners, []string{"Amelia"}) {
		t.Fatalf("%s: got %+v", cases[0].ID, r)
	}
	want := map[string]int{"Amelia": 5, "Victor": 4, "Enrique": 0}
	for i, name := range []string{"Amelia", "Victor", "Enrique"} {
		p := r.Players[i]
		if p.Name != name || p.Total != want[name] || scoring.Sum(p.Breakdown) != p.Total {
			t.Errorf("player %d = %+v, want %s %d", i, p, name, want[name])
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct{ name, body, field string }{
		{"syntax", `{"players":[`, ""},
		{"unknown top", `{"players":[],"rounds":1}`, "rounds"},
		{"unknown player field", `{"players":[{"name":"A"},{"name":"B","hats":1}]}`, "players[1].hats"},
		{"wrong type", `{"players":[{"name":"A","characters":"4"}]}`, "players[0].characters"},
		{"fraction", `{"players":[{"name":"A","bald_heads":1.5}]}`, "players[0].bald_heads"},
		{"missing name", `{"players":[{"name":"A"},{"characters":3}]}`, "players[1].name"},
		{"duplicate name", `{"players":[{"name":"Ida"},{"name":"ida"}]}`, "players[1].name"},
		{"bad variant", `{"players":[],"options":{"variant":"long"}}`, "options.variant"},
		{"unknown option", `{"players":[],"options":{"colour":1}}`, "options.colour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.body))
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

func TestDecodeDefaults(t *testing.T) {
	for _, body := range []string{`{"players":[]}`, `{"players":[],"options":null}`, `{"players":[],"options":{}}`} {
		s, err := Decode([]byte(body))
		if err != nil || s.Options.Variant != Standard {
			t.Errorf("%s: %+v, %v", body, s, err)
		}
	}
}

func TestInfo(t *testing.T) {
	i := Engine{}.Info()
	if i.Slug != "auf-der-hut" || i.Title != "Auf der Hut" || i.MinPlayers != 2 || i.MaxPlayers != 6 || i.LowestWins {
		t.Fatalf("got %+v", i)
	}
	if len(i.Options) != 1 || i.Options[0].Default != Standard || !slices.Equal(i.Options[0].Values, []string{Standard, ThreeLeft}) {
		t.Errorf("options = %+v", i.Options)
	}
}

func FuzzCheck(f *testing.F) {
	for _, c := range scoringtest.Cases(f, Slug) {
		f.Add([]byte(c.Request))
	}
	f.Add([]byte(`{"players":[{"name":"A","characters":-3,"wonderhats":9}],"options":{"variant":"three_left"}}`))
	f.Add([]byte(`{"players":[null,{"name":"B"}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		r, err := Engine{}.Check(body)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("error %v is not an InputError", err)
			}
			if r.Game != "" {
				t.Fatalf("both a result and an error: %+v, %v", r, err)
			}
			return
		}
		if r.Game != Slug {
			t.Fatalf("bad result %+v", r)
		}
		// The lists are never null and each total is the sum of its lines
		// (with every other invariant of a result); ADH-4: never below 0.
		scoringtest.Check(t, Engine{}, r)
		for _, p := range r.Players {
			if p.Total < 0 {
				t.Fatalf("player %+v: total below 0", p)
			}
		}
	})
}

// TestRulingG3SurplusThatDoesNotDecideTheEnd: ruling G-3, "'Handed out
// more than it can' means more of the components that decide the end
// than exist (Auf der Hut: matches and wonderhats beyond ADH-3's bounds,
// characters beyond 20); a surplus of a component that does not decide
// the end (a 17th bald head) is component_total, and game_not_over is
// still checked."
func TestRulingG3SurplusThatDoesNotDecideTheEnd(t *testing.T) {
	tests := []struct {
		name  string
		s     State
		codes []string
	}{
		{"a 17th bald head, game not over", state(Standard, [3]int{5, 2, 9}, [3]int{5, 0, 8}), []string{"component_total", "game_not_over"}},
		{"a 17th bald head, game over", state(Standard, [3]int{8, 2, 9}, [3]int{6, 2, 8}), []string{"component_total"}},
		{"a fifth wonderhat: handed out more than it can", state(Standard, [3]int{5, 3, 0}, [3]int{5, 2, 0}), []string{"component_total"}},
		{"15 matches: handed out more than it can", state(Standard, [3]int{8, 0, 0}, [3]int{7, 0, 0}), []string{"too_many_taken"}},
		{"21 characters: handed out more than it can", state(ThreeLeft, [3]int{11, 0, 0}, [3]int{10, 0, 0}), []string{"component_total", "too_many_taken"}},
	}
	for _, tt := range tests {
		var got []string
		for _, v := range Validate(tt.s) {
			got = append(got, v.Code)
		}
		if !slices.Equal(got, tt.codes) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.codes)
		}
	}
}

// TestNotOverCountsEachThing: each count of the ADH-3 message takes its
// own plural ("12 characters and 1 wonderhat", "1 character and 2
// wonderhats").
func TestNotOverCountsEachThing(t *testing.T) {
	for _, c := range []struct {
		s    State
		want string
	}{
		{state(Standard, [3]int{7, 1, 0}, [3]int{5, 0, 0}), "12 characters and 1 wonderhat were taken: "},
		{state(Standard, [3]int{1, 1, 0}, [3]int{0, 1, 0}), "1 character and 2 wonderhats were taken: "},
	} {
		vs := Validate(c.s)
		if len(vs) != 1 || vs[0].Code != "game_not_over" || !strings.HasPrefix(vs[0].Message, c.want) {
			t.Errorf("got %+v, want a game_not_over saying %q", vs, c.want)
		}
	}
}
