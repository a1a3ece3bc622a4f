package kociaki

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

func fptr(f float64) *float64 { return &f }

func player(name string, chips map[string][]int) Player {
	return Player{Name: name, Chips: chips}
}

func TestValidateCodes(t *testing.T) {
	ok2 := map[string][]int{"1": {2}}
	tests := []struct {
		name    string
		players []Player
		codes   []string
		rule    string
	}{
		{"fine", []Player{player("A", ok2), player("B", map[string][]int{"1": {3}, "10": {3}})}, []string{}, ""},
		// ruling KOC-1
		{"one player", []Player{player("A", ok2)}, []string{"player_count"}, "KOC-1"},
		{"five players", []Player{player("A", nil), player("B", nil), player("C", nil), player("D", nil), player("E", nil)}, []string{"player_count"}, "KOC-1"},
		{"toy 0", []Player{player("A", map[string][]int{"0": {2}}), player("B", nil)}, []string{"toy_number"}, "KOC-1"},
		{"toy 11", []Player{player("A", map[string][]int{"11": {2}}), player("B", nil)}, []string{"toy_number"}, "KOC-1"},
		{"toy abc", []Player{player("A", map[string][]int{"abc": {2}}), player("B", nil)}, []string{"toy_number"}, "KOC-1"},
		{"toy 01", []Player{player("A", map[string][]int{"01": {2}}), player("B", nil)}, []string{"toy_number"}, "KOC-1"},
		{"chip 5", []Player{player("A", map[string][]int{"2": {2, 5}}), player("B", nil)}, []string{"chip_value"}, "KOC-1"},
		{"chip 1", []Player{player("A", map[string][]int{"2": {1}}), player("B", nil)}, []string{"chip_value"}, "KOC-1"},
		// ruling KOC-2: 2 players leave 3 chips per pile.
		{"pile across players", []Player{player("A", map[string][]int{"4": {2, 3}}), player("B", map[string][]int{"4": {3, 4}})}, []string{"pile_impossible"}, "KOC-2"},
		{"3 taken without 2", []Player{player("A", map[string][]int{"4": {3}}), player("B", nil), player("C", nil)}, []string{"pile_impossible"}, "KOC-2"},
		{"3 players 2 and 3", []Player{player("A", map[string][]int{"4": {3}}), player("B", map[string][]int{"4": {2}}), player("C", nil)}, []string{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := Validate(State{Players: tt.players})
			if got := scoringtest.Codes(vs); !slices.Equal(got, tt.codes) {
				t.Fatalf("codes = %v, want %v (%+v)", got, tt.codes, vs)
			}
			for _, v := range vs {
				if v.Rule != tt.rule || v.Message == "" {
					t.Errorf("%+v: want rule %s and a message", v, tt.rule)
				}
				if v.Code != "player_count" && v.Code != "pile_impossible" && v.Player != "A" {
					t.Errorf("%+v: want player A", v)
				}
			}
		})
	}
}

func TestPileImpossibleMessage(t *testing.T) {
	vs := Validate(State{Players: []Player{player("Ola", map[string][]int{"4": {3}}), player("Ben", nil), player("Cy", nil)}})
	want := "toy 4: a 3 was taken but two 2s were not — piles are taken from the smallest value up, and with 3 players one chip is removed from each pile before play, leaving 4 (taken: Ola 3)"
	if len(vs) != 1 || vs[0].Message != want {
		t.Fatalf("got %+v\nwant %q", vs, want)
	}
}

func TestBreakdown(t *testing.T) {
	all := map[string][]int{}
	for toy := 1; toy <= 10; toy++ {
		all[string(rune('0'+toy%10))] = []int{2}
	}
	all["10"] = all["0"]
	delete(all, "0")
	tests := []struct {
		name  string
		chips map[string][]int
		opts  Options
		total int
		last  string
	}{
		{"basic", map[string][]int{"3": {2, 3}, "1": {4}}, Options{Variant: Basic}, 9, "toy 3: 2 + 3"},
		{"basic ignores types", all, Options{Variant: Basic, AllTypesBonus: Additional}, 20, "toy 10: 2"},
		{"experienced", map[string][]int{"3": {2, 3}, "1": {4}, "9": {}}, Options{Variant: Experienced}, 11, "toy types held: 2"},
		{"all types instead", all, Options{Variant: Experienced, AllTypesBonus: Instead}, 35, "all 10 toy types"},
		{"all types additional", all, Options{Variant: Experienced, AllTypesBonus: Additional}, 45, "all 10 toy types"},
		{"no chips", nil, Options{Variant: Experienced}, 0, ""},
		// ruling G-3: a bad toy still counts its chips, but is no toy type.
		{"bad toy counted, not typed", map[string][]int{"abc": {2}, "2": {3}}, Options{Variant: Experienced}, 6, "toy types held: 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := Breakdown(Player{Chips: tt.chips}, tt.opts)
			if got := scoring.Sum(lines); got != tt.total {
				t.Errorf("total %d, want %d (%+v)", got, tt.total, lines)
			}
			last := ""
			if len(lines) > 0 {
				last = lines[len(lines)-1].Label
			}
			if last != tt.last {
				t.Errorf("last line %q, want %q", last, tt.last)
			}
		})
	}
	got := Breakdown(Player{Chips: map[string][]int{"10": {3}, "2": {2}, "1": {4}}}, Options{})
	if labels := []string{got[0].Label, got[1].Label, got[2].Label}; !slices.Equal(labels, []string{"toy 1: 4", "toy 2: 2", "toy 10: 3"}) {
		t.Errorf("toys not in number order: %v", labels)
	}
}

func TestTieBreak(t *testing.T) {
	tests := []struct {
		name     string
		strings  []*float64
		winners  []string
		tieBreak string
	}{
		{"string decides", []*float64{fptr(10), fptr(12), fptr(99)}, []string{"Ben"}, ""},
		{"still tied", []*float64{fptr(12), fptr(12), nil}, []string{"Ana", "Ben"}, ""},
		{"string missing", []*float64{fptr(12), nil, fptr(20)}, []string{"Ana", "Ben"},
			"Ana and Ben tie on 5: the most string left on the spool wins, so enter the string left for Ben"},
		{"both missing", []*float64{nil, nil, nil}, []string{"Ana", "Ben"},
			"Ana and Ben tie on 5: the most string left on the spool wins, so enter the string left for Ana and Ben"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := State{Options: Options{Variant: Basic}, Players: []Player{
				{Name: "Ana", Chips: map[string][]int{"1": {2, 3}}, StringLeft: tt.strings[0]},
				{Name: "Ben", Chips: map[string][]int{"2": {2, 3}}, StringLeft: tt.strings[1]},
				{Name: "Cy", Chips: map[string][]int{"4": {2}}, StringLeft: tt.strings[2]},
			}}
			r := Score(s)
			if !r.Valid || !slices.Equal(r.Winners, tt.winners) || r.TieBreak != tt.tieBreak {
				t.Errorf("winners %v tie-break %q, want %v %q (%+v)", r.Winners, r.TieBreak, tt.winners, tt.tieBreak, r.Violations)
			}
		})
	}
	r := Score(State{Players: []Player{player("A", map[string][]int{"1": {4}}), player("B", nil)}})
	if r.Valid || len(r.Winners) != 0 || r.TieBreak != "" || r.Players[0].Total != 4 {
		t.Errorf("invalid state: %+v", r)
	}
}

// The koc case of docs/examples/score-cases.json.
func kocCase(t testing.TB) []byte {
	cases := scoringtest.Cases(t, Slug)
	if len(cases) != 1 || cases[0].ID != "koc-4p-experienced" {
		t.Fatalf("want the one koc case, got %d", len(cases))
	}
	return cases[0].Request
}

func TestScoreCase(t *testing.T) {
	scoringtest.RunCases(t, scoringtest.Cases(t, Slug), scoringtest.Only(Engine{}))
	r, err := Engine{}.Check(kocCase(t))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Valid || !r.GameOver || len(r.Violations) != 0 || !slices.Equal(r.Winners, []string{"Victor"}) {
		t.Fatalf("got %+v", r)
	}
	want := []struct {
		name  string
		total int
	}{{"Amelia", 41}, {"Victor", 57}, {"Enrique", 32}, {"Zofia", 33}}
	for i, w := range want {
		p := r.Players[i]
		if p.Name != w.name || p.Total != w.total || scoring.Sum(p.Breakdown) != p.Total {
			t.Errorf("player %d = %+v, want %s %d", i, p, w.name, w.total)
		}
	}
	// Victor holds all 10 types: 15 instead of 10 (ruling KOC-4).
	if last := r.Players[1].Breakdown[len(r.Players[1].Breakdown)-1]; last.Points != 15 {
		t.Errorf("Victor's bonus line = %+v", last)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct{ name, body, field string }{
		{"syntax", `{"players":[`, ""},
		{"unknown top", `{"players":[],"rounds":1}`, "rounds"},
		{"unknown player field", `{"players":[{"name":"A"},{"name":"B","toys":1}]}`, "players[1].toys"},
		{"fractional chip", `{"players":[{"name":"A"},{"name":"B","chips":{"4":[2,2.5]}}]}`, "players[1].chips.4[1]"},
		{"chip list not a list", `{"players":[{"name":"A","chips":{"4":3}}]}`, "players[0].chips.4"},
		{"chips not an object", `{"players":[{"name":"A","chips":[2]}]}`, "players[0].chips"},
		{"string left text", `{"players":[{"name":"A","string_left":"long"}]}`, "players[0].string_left"},
		{"string left negative", `{"players":[{"name":"A","string_left":-1}]}`, "players[0].string_left"},
		{"missing name", `{"players":[{"name":"A"},{"chips":{}}]}`, "players[1].name"},
		{"duplicate name", `{"players":[{"name":"Ola"},{"name":"OLA"}]}`, "players[1].name"},
		{"bad variant", `{"players":[],"options":{"variant":"expert"}}`, "options.variant"},
		{"bad bonus", `{"players":[],"options":{"all_types_bonus":"both"}}`, "options.all_types_bonus"},
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

func TestDecode(t *testing.T) {
	s, err := Decode([]byte(`{"players":[{"name":"Ola","chips":{"1":[2,3],"abc":[2]},"string_left":35.5}]}`))
	if err != nil {
		t.Fatal(err)
	}
	p := s.Players[0]
	if !slices.Equal(p.Chips["1"], []int{2, 3}) || !slices.Equal(p.Chips["abc"], []int{2}) || *p.StringLeft != 35.5 {
		t.Errorf("got %+v", p)
	}
	if s.Options != (Options{Variant: Basic, AllTypesBonus: Instead}) {
		t.Errorf("defaults: %+v", s.Options)
	}
}

func TestInfo(t *testing.T) {
	i := Engine{}.Info()
	if i.Slug != "kociaki-lobuziaki" || i.Title != "Kociaki Łobuziaki" || i.MinPlayers != 2 || i.MaxPlayers != 4 || i.LowestWins {
		t.Fatalf("got %+v", i)
	}
	if len(i.Options) != 2 || i.Options[0].Default != Basic || i.Options[1].Default != Instead {
		t.Errorf("options %+v", i.Options)
	}
}

func TestResultArrays(t *testing.T) {
	b, _ := json.Marshal(Score(State{}))
	for _, k := range []string{`"violations":[`, `"warnings":[]`, `"players":[]`, `"winners":[]`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("%s missing in %s", k, b)
		}
	}
}

func FuzzCheck(f *testing.F) {
	f.Add(kocCase(f))
	f.Add([]byte(`{"players":[{"name":"A","chips":{"abc":[7],"4":[3]}},{"name":"B","string_left":0}],"options":{"variant":"experienced","all_types_bonus":"additional"}}`))
	f.Add([]byte(`{"players":[null,{"name":"B","chips":{"1":null}}]}`))
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
		// No null lists, no winners of an invalid state, each total the
		// sum of its lines (with every other invariant of a result).
		scoringtest.Check(t, Engine{}, r)
	})
}
