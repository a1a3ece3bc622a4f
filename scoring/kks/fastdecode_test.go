package kks

import (
	"reflect"
	"slices"
	"testing"

	"tablemate/scoring"
)

// fastCases are bodies at the edges of what decodeFast takes; fast says
// whether it must take it (the usual requests must not fall back to
// encoding/json, or the score API is slow again).
var fastCases = []struct {
	body string
	fast bool
}{
	{`{"players":[` + amelia + `,{"name":"Victor","tokens":0}]}`, true},
	{` { "players" : [ {"name":" Ana ","tokens":-0,"display":{"red":"X3 x +5 -1 0 11 x12 0004","blue":"  "}},` + "\n\t" + `{"name":"Jörg","display":{}}] } `, true},
	{`{"players":[],"options":{}}`, true},
	{`{"options":{"special_cards":[1,9,13]},"players":[{"name":"A"},{"name":"B"}]}`, true},
	{`{"players":[{"name":"A"},{"name":"B"}],"options":{"special_cards":[]}}`, true},
	{`{"players":[{"name":"A","display":{"red":"1"}},{"name":"a"}]}`, false}, // duplicate name: an input error
	{`{"players":[{"name":"A\u0062"},{"name":"B"}]}`, false},                 // an escape
	{`{"Players":[{"name":"A"},{"name":"B"}]}`, false},                       // another case
	{`{"players":[{"name":"A","Tokens":1},{"name":"B"}]}`, false},            // another case
	{`{"players":[{"name":"A","tokens":1,"tokens":2},{"name":"B"}]}`, false}, // repeated key
	{`{"players":[{"name":"A","display":{"red":"1","red":"2"}},{"name":"B"}]}`, false},
	{`{"players":[{"name":"A","tokens":1.0},{"name":"B"}]}`, false}, // not an integer
	{`{"players":[{"name":"A","tokens":1e1},{"name":"B"}]}`, false},
	{`{"players":[{"name":"A","tokens":0123},{"name":"B"}]}`, false},       // not JSON
	{`{"players":[{"name":"A","tokens":1234567890},{"name":"B"}]}`, false}, // over 9 digits
	{`{"players":[{"name":"A","tokens":1000001},{"name":"B"}]}`, false},    // G-1: beyond ±1,000,000
	{`{"players":[{"name":"A","tokens":-1000001},{"name":"B"}]}`, false},
	{`{"players":[{"name":"A","tokens":1000000},{"name":"B"}]}`, true},
	{`{"players":[{"name":"A"},{"name":"B"}],"options":{"special_cards":[1000001]}}`, false},
	{`{"players":[{"name":"A","tokens":null},{"name":"B"}]}`, false},                // null
	{`{"players":[{"name":"A","display":{"Red":"1"}},{"name":"B"}]}`, false},        // KKS colours are lower case
	{`{"players":[{"name":"A","display":{"green":"1"}},{"name":"B"}]}`, false},      // no such colour
	{`{"players":[{"name":"A","display":{"red":"1\u00a02"}},{"name":"B"}]}`, false}, // a Unicode space
	{"{\"players\":[{\"name\":\"A\",\"display\":{\"red\":\"1\u00a02\"}},{\"name\":\"B\"}]}", false},
	{`{"players":[{"name":"A","display":{"red":"x0 x00"}},{"name":"B"}]}`, true}, // KKS-1: card_value, not unreadable
	{`{"players":[{"name":"A","display":{"red":"+-1"}},{"name":"B"}]}`, false},
	{`{"players":[{"name":"A","display":{"red":"1234567890"}},{"name":"B"}]}`, false},
	{`{"players":[{"name":"A","adjustments":[]},{"name":"B"}]}`, false}, // adjustments: encoding/json
	{`{"players":[{"name":"A"},{"name":"B"}]} x`, false},                // trailing data
	{`{"players":[{"name":"A"},{"name":"B"}],}`, false},
	{"{\"players\":[{\"name\":\"\xff\"},{\"name\":\"B\"}]}", false}, // invalid UTF-8
	{`{"players":[{"name":"A"},{"name":"B"}],"options":null}`, false},
	{`{"players":[{"name":"A"},{"name":"B"}],"options":{"special_cards":[1.5]}}`, false},
	{`{"players":null}`, false},
	{`{}`, false},
	{`[]`, false},
	{``, false},
}

// TestDecodeFastAgrees: where decodeFast takes a body, its state is the
// one encoding/json's reading gives; where it does not, Decode still
// answers as encoding/json does.
func TestDecodeFastAgrees(t *testing.T) {
	for _, c := range fastCases {
		fast, ok := decodeFast([]byte(c.body))
		if ok != c.fast {
			t.Errorf("%s: decodeFast took it: %v, want %v", c.body, ok, c.fast)
		}
		slow, err := decodeJSON([]byte(c.body))
		if ok && (err != nil || !reflect.DeepEqual(fast, slow)) {
			t.Errorf("%s:\nfast %+v\nJSON %+v (%v)", c.body, fast, slow, err)
		}
		got, gerr := Decode([]byte(c.body))
		if (gerr == nil) != (err == nil) || err != nil && gerr.Error() != err.Error() || err == nil && !reflect.DeepEqual(got, slow) {
			t.Errorf("%s: Decode %+v %v, encoding/json %+v %v", c.body, got, gerr, slow, err)
		}
	}
}

// referenceBreakdown is how a player's lines were made before breakdown
// wrote its labels out: scoring.Linef for every line.
func referenceBreakdown(p Player) []scoring.Line {
	lines := []scoring.Line{}
	for _, c := range Colours() {
		up, down := 0, 0
		for _, card := range p.Display[c] {
			if card.FaceDown {
				down++
			} else {
				up += card.Value
			}
		}
		if len(p.Display[c]) == 0 {
			continue
		}
		lines = append(lines, scoring.Linef(up, "%s face-up", c.Word()))
		if down > 0 {
			lines = append(lines, scoring.Linef(-down, "%s face-down", c.Word()))
		}
	}
	lines = append(lines, scoring.Linef(p.Tokens, "tokens"))
	adj := slices.Clone(p.Adjustments)
	slices.SortStableFunc(adj, func(a, b Adjustment) int { return a.Card - b.Card })
	for _, a := range adj {
		lines = append(lines, scoring.Linef(a.Points, "special card %d: %s", a.Card, scoring.Name(a.Reason)))
	}
	return lines
}

func TestBreakdownLinesAreLinef(t *testing.T) {
	p := Player{Name: "A", Tokens: -2, Display: map[Colour]Stack{
		Red: {{Value: 3}, {FaceDown: true}, {Value: 12}}, Blue: {{FaceDown: true, Value: 4}}, Yellow: {{Value: 1}, {FaceDown: true}},
		Black: {{Value: 10}},
	}, Adjustments: []Adjustment{{Card: 9, Points: 2, Reason: "b"}, {Card: 1, Points: -1, Reason: "a"}}}
	if got, want := Breakdown(p), referenceBreakdown(p); !reflect.DeepEqual(got, want) {
		t.Errorf("Breakdown\n got %#v\nwant %#v", got, want)
	}
	p.Display[Yellow] = nil
	if got, want := Breakdown(p), referenceBreakdown(p); !reflect.DeepEqual(got, want) {
		t.Errorf("Breakdown without yellow\n got %#v\nwant %#v", got, want)
	}
}
