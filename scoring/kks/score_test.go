package kks

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

// The rule text's example: Amelia scores 13 + 15 + 14 + 13 + 3 = 58.
const amelia = `{"name":"Amelia","tokens":3,"display":{"red":"1 5 7","yellow":"6 10 x","black":"4 6 x 5","blue":"4 9"}}`

func TestAmeliaExample(t *testing.T) {
	res, err := Engine{}.Check([]byte(`{"players":[` + amelia + `,{"name":"Victor","tokens":0}]}`))
	if err != nil {
		t.Fatal(err)
	}
	a := res.Players[0]
	if a.Total != 58 {
		t.Fatalf("Amelia = %d, want 58", a.Total)
	}
	// Per colour as the rule text adds it up.
	perColour := map[string]int{}
	for _, l := range a.Breakdown {
		colour, _, _ := strings.Cut(l.Label, " ")
		perColour[colour] += l.Points
	}
	for colour, want := range map[string]int{"red": 13, "yellow": 15, "black": 14, "blue": 13, "tokens": 3} {
		if perColour[colour] != want {
			t.Errorf("%s = %d, want %d (%v)", colour, perColour[colour], want, a.Breakdown)
		}
	}
}

// valid3 is a possible finished 3-player game (12 cards each, KKS-3).
func valid3() State {
	s, err := Decode([]byte(`{"players":[
	 {"name":"Amelia","tokens":1,"display":{"red":"10 x9 5","yellow":"8 10 x1 9 x","black":"9","blue":"3 4 6"}},
	 {"name":"Victor","tokens":7,"display":{"red":"3 4","yellow":"5 x","black":"8 x3 6 x","blue":"9 x 10 x"}},
	 {"name":"Enrique","tokens":11,"display":{"red":"1 7","yellow":"6 7","black":"4 x 5 10 x","blue":"8 x 2"}}]}`))
	if err != nil {
		panic(err)
	}
	return s
}

func TestEveryCode(t *testing.T) {
	tests := []struct {
		name   string
		change func(s *State)
		code   string // "" = the state stays valid (a near miss)
		rule   string
	}{
		{"valid as played", func(s *State) {}, "", ""},
		{"one player", func(s *State) { s.Players = s.Players[:1] }, "player_count", "KKS-3"},
		{"five players", func(s *State) {
			for _, n := range []string{"D", "E"} {
				s.Players = append(s.Players, Player{Name: n, Display: map[Colour]Stack{}})
			}
		}, "player_count", "KKS-3"},
		{"value 11", func(s *State) { s.Players[0].Display[Black] = Stack{{11, false, false}} }, "card_value", "KKS-1"},
		{"face-down 12", func(s *State) { s.Players[0].Display[Black] = Stack{{9, false, false}, {12, true, false}} }, "card_value", "KKS-1"},
		{"same card at two players", func(s *State) { s.Players[1].Display[Red] = Stack{{3, false, false}, {5, false, false}} }, "duplicate_card", "KKS-1"},
		{"known face-down card held elsewhere", func(s *State) { s.Players[1].Display[Red] = Stack{{3, false, false}, {10, false, false}} }, "duplicate_card", "KKS-1"},
		{"stack starts face down", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{0, true, true}, {4, false, false}, {6, false, false}}
		}, "face_down_start", "KKS-2"},
		{"face down on face down", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{3, false, false}, {0, true, true}, {0, true, true}}
		}, "face_down_on_face_down", "KKS-2"},
		{"lower card face up", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{3, false, false}, {6, false, false}, {4, false, false}}
		}, "not_ascending", "KKS-2"},
		{"equal card face up", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{3, false, false}, {4, false, false}, {4, false, false}}
		}, "not_ascending", "KKS-2"},
		{"any value on a face-down card", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{3, false, false}, {0, true, true}, {1, false, false}}
		}, "", ""},
		{"face-down card higher than below", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{3, false, false}, {4, true, false}, {6, false, false}}
		}, "face_down_not_lower", "KKS-2"},
		{"face-down card equal to below", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{2, false, false}, {2, true, false}, {6, false, false}}
		}, "face_down_not_lower", "KKS-2"},
		{"face-down card lower than below", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{4, false, false}, {3, true, false}, {6, false, false}}
		}, "", ""},
		{"one card short", func(s *State) { s.Players[0].Display[Black] = nil }, "card_count", "KKS-3"},
		{"negative supply", func(s *State) { s.Players[0].Tokens = -1; s.Players[2].Tokens = 12 }, "token_total", "KKS-4"},
		{"more tokens than the box", func(s *State) { s.Players[0].Tokens = 4 }, "token_total", "KKS-4"},
		{"all 21 tokens", func(s *State) { s.Players[0].Tokens = 3 }, "", ""},
		{"two special cards", func(s *State) { s.SpecialCards = []int{1, 9} }, "special_cards", "KKS-6"},
		{"special card 16", func(s *State) { s.SpecialCards = []int{1, 9, 16} }, "special_cards", "KKS-6"},
		{"special card twice", func(s *State) { s.SpecialCards = []int{1, 9, 9} }, "special_cards", "KKS-6"},
		{"three special cards", func(s *State) { s.SpecialCards = []int{1, 9, 13} }, "", ""},
		{"adjustment without special cards", func(s *State) {
			s.Players[0].Adjustments = []Adjustment{{Card: 9, Points: 2, Reason: "r"}}
		}, "adjustment_not_allowed", "G-4"},
		{"adjustment for a card not in play", func(s *State) {
			s.SpecialCards = []int{1, 9, 13}
			s.Players[0].Adjustments = []Adjustment{{Card: 2, Points: 2, Reason: "r"}}
		}, "adjustment_card", "KKS-6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := valid3()
			tt.change(&s)
			res := Score(s)
			if tt.code == "" {
				if !res.Valid || len(res.Warnings) > 0 {
					t.Fatalf("want a valid state, got %v %v", res.Violations, res.Warnings)
				}
				return
			}
			var found *scoring.Violation
			for i, v := range res.Violations {
				if v.Code == tt.code {
					found = &res.Violations[i]
				}
			}
			if found == nil {
				t.Fatalf("no %s in %v", tt.code, scoringtest.Codes(res.Violations))
			}
			if found.Rule != tt.rule || found.Message == "" {
				t.Errorf("%s: rule %q, message %q; want rule %s", tt.code, found.Rule, found.Message, tt.rule)
			}
			if res.Valid || len(res.Winners) != 0 {
				t.Errorf("an invalid state is valid=%v with winners %v", res.Valid, res.Winners)
			}
		})
	}
}

// Ruling G-3: every violation is listed; a check is skipped only where
// its own input has no meaning (a value the game does not have is not also
// a duplicate or a stack out of order).
func TestEveryViolationG3(t *testing.T) {
	tests := []struct {
		name   string
		change func(s *State)
		codes  []string // exactly these, in order
	}{
		// A negative supply does not hide 26 tokens where 21 exist.
		{"negative supply beside too many", func(s *State) { s.Players[0].Tokens = -10; s.Players[2].Tokens = 26 }, []string{"token_total", "token_total"}},
		// A face-down 12 is not a card, so it is not also "not lower".
		{"face-down 12 on a 4", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{3, false, false}, {4, false, false}, {12, true, false}}
		}, []string{"card_value"}},
		// A face-up 11 is not a card, so it is not also out of order.
		{"face-up 11 then a 4", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{11, false, false}, {4, false, false}, {6, false, false}}
		}, []string{"card_value"}},
		// Two unrelated breaks in one stack are both listed.
		{"face-down start and lower face up", func(s *State) {
			s.Players[0].Display[Blue] = Stack{{0, true, true}, {6, false, false}, {4, false, false}}
		}, []string{"face_down_start", "not_ascending"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := valid3()
			tt.change(&s)
			if got := scoringtest.Codes(Score(s).Violations); !slices.Equal(got, tt.codes) {
				t.Errorf("codes %v, want %v", got, tt.codes)
			}
		})
	}
}

// Ruling KKS-6: with special cards in play, KKS-2/3/4 checks become
// warnings; KKS-1 (the cards themselves) stays a violation.
func TestSpecialCardsTurnChecksIntoWarnings(t *testing.T) {
	s := valid3()
	s.SpecialCards = []int{1, 9, 13}
	s.Players[0].Display[Blue] = Stack{{3, false, false}, {6, false, false}, {4, false, false}} // not_ascending
	s.Players[1].Tokens = 30                                                                    // token_total
	s.Players[2].Adjustments = []Adjustment{{Card: 13, Points: -2, Reason: "most face-down"}, {Card: 1, Points: 5, Reason: "longest red"}}
	res := Score(s)
	if !res.Valid {
		t.Fatalf("violations %v; want only warnings", res.Violations)
	}
	for _, code := range []string{"not_ascending", "token_total"} {
		if !slices.Contains(scoringtest.Codes(res.Warnings), code) {
			t.Errorf("warning %s missing: %v", code, scoringtest.Codes(res.Warnings))
		}
	}
	// Adjustments apply in ascending card number and count.
	e := res.Players[2]
	n := len(e.Breakdown)
	if e.Breakdown[n-2].Label != "special card 1: longest red" || e.Breakdown[n-1].Points != -2 {
		t.Errorf("adjustment lines %v", e.Breakdown[n-2:])
	}
	if e.Total != 58+5-2 {
		t.Errorf("Enrique with adjustments = %d, want 61", e.Total)
	}
	s.Players[0].Display[Black] = Stack{{9, false, false}, {11, false, false}}
	if res := Score(s); res.Valid || !slices.Contains(scoringtest.Codes(res.Violations), "card_value") {
		t.Errorf("card_value must stay a violation with special cards: %v", scoringtest.Codes(res.Violations))
	}
}

func TestWinnersAndTies(t *testing.T) {
	s := valid3()
	res := Score(s)
	if !slices.Equal(res.Winners, []string{"Amelia"}) || res.Players[0].Total != 62 || res.Players[1].Total != 47 || res.Players[2].Total != 58 {
		t.Fatalf("winners %v totals %v", res.Winners, res.Players)
	}
	// A tie: with special cards in play the short displays only warn
	// (KKS-6), so the state is valid and both players on 5 win (KKS-5).
	tie := State{SpecialCards: []int{1, 9, 13}, Players: []Player{
		{Name: "A", Display: map[Colour]Stack{Red: {{5, false, false}}}},
		{Name: "B", Display: map[Colour]Stack{Blue: {{3, false, false}}}, Tokens: 2},
	}}
	if res := Score(tie); !res.Valid || !slices.Equal(res.Winners, []string{"A", "B"}) {
		t.Errorf("tie: valid %v winners %v, want A and B", res.Valid, res.Winners)
	}
}

func TestDecodeNamesTheField(t *testing.T) {
	tests := []struct{ body, field string }{
		{`{"players":[{"name":"A","tokens":0,"display":{"blue":"1 ?"}},{"name":"B","tokens":0}]}`, "players[0].display.blue"},
		{`{"players":[{"name":"A","tokens":0},{"name":"B","tokens":0,"display":{"green":"1"}}]}`, "players[1].display.green"},
		{`{"players":[{"name":"A","tokens":1.5},{"name":"B"}]}`, "players[0].tokens"},
		{`{"players":[{"name":"A"},{"name":" a "}]}`, "players[1].name"},
		{`{"players":[{"name":""},{"name":"B"}]}`, "players[0].name"},
		{`{"players":[{"name":"A","adjustments":[{"card":1,"points":2,"reason":" "}]},{"name":"B"}]}`, "players[0].adjustments[0].reason"},
		// API.md: names are exact, null is a wrong type, and every error
		// names its field down to list items.
		{`{"players":[{"name":"A","adjustments":[{"card":1,"points":2,"reason":"x","foo":1}]},{"name":"B"}]}`, "players[0].adjustments[0].foo"},
		{`{"players":[{"name":"A"},{"name":"B","adjustments":[{"card":1,"points":"2","reason":"x"}]}]}`, "players[1].adjustments[0].points"},
		{`{"PLAYERS":[{"name":"A"},{"name":"B"}]}`, "PLAYERS"},
		{`{"players":[{"NAME":"A"},{"name":"B"}]}`, "players[0].NAME"},
		{`{"players":[{"name":"A","Tokens":1},{"name":"B"}]}`, "players[0].Tokens"},
		{`{"players":[{"name":"A","display":{"Red":"1"}},{"name":"B"}]}`, "players[0].display.Red"},
		{`{"players":null}`, "players"},
		{`{"players":[null,{"name":"B"}]}`, "players[0]"},
		{`{"players":[{"name":null},{"name":"B"}]}`, "players[0].name"},
		{`{"players":[{"name":"A","tokens":null},{"name":"B"}]}`, "players[0].tokens"},
		{`{"players":[{"name":"A","display":null},{"name":"B"}]}`, "players[0].display"},
		{`{"players":[{"name":"A","display":{"red":null}},{"name":"B"}]}`, "players[0].display.red"},
		{`{"players":[{"name":"A","adjustments":null},{"name":"B"}]}`, "players[0].adjustments"},
		{`{"players":[{"name":"A"},{"name":"B"}],"options":{"special_cards":null}}`, "options.special_cards"},
		{`{"players":[{"name":"A","tokens":1,"tokens":2},{"name":"B"}]}`, "players[0].tokens"},
		{`{"players":[{"name":"A"}],"options":{"special_cards":"1 9 13"}}`, "options.special_cards"},
		{`{}`, "players"},
		{`[]`, ""},
	}
	for _, tt := range tests {
		_, err := Decode([]byte(tt.body))
		var in *scoring.InputError
		if !errors.As(err, &in) {
			t.Errorf("%s: got %v, want an input error", tt.body, err)
			continue
		}
		if in.Field != tt.field {
			t.Errorf("%s: field %q (%s), want %q", tt.body, in.Field, in.Message, tt.field)
		}
	}
}

func FuzzCheck(f *testing.F) {
	f.Add([]byte(`{"players":[` + amelia + `,{"name":"B","tokens":0}]}`))
	f.Add([]byte(`{"players":[{"name":"A","tokens":-3,"display":{"red":"x 4 x x11"}}],"options":{"special_cards":[1,1]}}`))
	f.Add([]byte(`{"players":[{"name":"A","adjustments":[{"card":3,"points":-9,"reason":"x"}]}]}`))
	for _, c := range fastCases {
		f.Add([]byte(c.body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		fast, ferr := Decode(body)
		// The reading without reflection, where it answers, agrees with
		// scoring.Decode's.
		if quick, ok := decodeFast(body); ok {
			if js, err := decodeJSON(body); err != nil || !reflect.DeepEqual(quick, js) {
				t.Fatalf("decodeFast: %+v\nencoding/json: %+v, %v", quick, js, err)
			}
		}
		if ferr == nil {
			for _, p := range fast.Players {
				if got, want := Breakdown(p), referenceBreakdown(p); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s's lines\n got %#v\nwant %#v", p.Name, got, want)
				}
			}
		}
		res, err := Engine{}.Check(body)
		// Check, which skips the display maps where it can, answers as
		// Score(Decode(body)).
		if (err == nil) != (ferr == nil) || err != nil && err.Error() != ferr.Error() || err == nil && !reflect.DeepEqual(res, Score(fast)) {
			t.Fatalf("Check: %+v, %v\nScore(Decode): %+v, %v", res, err, Score(fast), ferr)
		}
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("error is not an InputError: %v", err)
			}
			return
		}
		// The lists are never null and each total is the sum of its
		// lines (with every other invariant of a result).
		scoringtest.Check(t, Engine{}, res)
		if _, err := json.Marshal(res); err != nil {
			t.Fatal(err)
		}
	})
}

// TestRulingKKS1KnownFaceDownCard: ruling KKS-1, "A face-down card of
// known value is read like a face-up one: x0 or x11 is a card the game
// does not have (card_value), not an unreadable token; only a token that
// is neither a number, x, nor x followed by a number is unreadable
// (400)."
func TestRulingKKS1KnownFaceDownCard(t *testing.T) {
	body := func(red string) []byte {
		return []byte(`{"players":[{"name":"A","display":{"red":"` + red + `"}},{"name":"B"}]}`)
	}
	for _, red := range []string{"5 x0", "5 x11", "0", "11", "5 x00", "5 x-1"} {
		res, err := Engine{}.Check(body(red))
		if err != nil {
			t.Errorf("%q: %v, want a result with card_value", red, err)
			continue
		}
		if !slices.ContainsFunc(res.Violations, func(v scoring.Violation) bool { return v.Code == "card_value" && v.Rule == "KKS-1" }) {
			t.Errorf("%q: %+v, want card_value (KKS-1)", red, res.Violations)
		}
	}
	for _, red := range []string{"5 x", "5 x3", "x3"} {
		if res, err := (Engine{}).Check(body(red)); err != nil || slices.ContainsFunc(res.Violations, func(v scoring.Violation) bool { return v.Code == "card_value" }) {
			t.Errorf("%q: %+v %v, a card the game has", red, res.Violations, err)
		}
	}
	for _, red := range []string{"5 xz", "5 z", "5 4x", "5 xx", "5 x+"} {
		var in *scoring.InputError
		if _, err := (Engine{}).Check(body(red)); !errors.As(err, &in) || in.Field != "players[0].display.red" {
			t.Errorf("%q: %v, want a 400 on players[0].display.red", red, err)
		}
	}
}
