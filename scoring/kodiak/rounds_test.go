package kodiak

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
)

// docRounds are the rounds of docs/api-kodiak.md's example, as a table
// enters them: totals Ana 15, Ben −3, Cy 3, Ben wins.
var docRounds = []string{
	`{"players":[{"name":"Ana","kodiak":true,"cards":["red-king"],"pounces":2},{"name":"Ben","cards":[]},{"name":"Cy","cards":["blue-king"],"hairballs_discarded":1}],"options":{"cycles":1}}`,
	`{"players":[{"name":"Ana","cards":["swap"],"hairballs_kept":1},{"name":"Ben","kodiak":true,"cards":["2"],"pounces":1},{"name":"Cy","cards":[]}]}`,
	`{"players":[{"name":"Cy","kodiak":true,"cards":[],"pounces":3},{"name":"Ana","cards":["1","1"]},{"name":"Ben","cards":["0"]}]}`,
}

func TestAppendRoundPlaysTheDocGame(t *testing.T) {
	var state []byte
	var res scoring.Result
	wantTotals := [][]int{{-12, 0, 18}, {8, -3, 18}, {10, -3, 3}}
	for j, r := range docRounds {
		next, err := Engine{}.AppendRound(state, []byte(r))
		if err != nil {
			t.Fatalf("round %d: %v", j+1, err)
		}
		state = next
		if res, err = (Engine{}).Check(state); err != nil {
			t.Fatal(err)
		}
		var got []int
		for _, p := range res.Players {
			got = append(got, p.Total)
		}
		if !slices.Equal(got, wantTotals[j]) || res.GameOver != (j == 2) {
			t.Errorf("after round %d: totals %v over %v", j+1, got, res.GameOver)
		}
	}
	if !res.Valid || !slices.Equal(res.Winners, []string{"Ben"}) {
		t.Errorf("valid %v winners %v %v", res.Valid, res.Winners, res.Violations)
	}
	s, _ := Decode(state)
	if s.Options.Cycles != 1 || s.Players[2].Rounds[0].HairballsDiscarded != 1 || !s.Players[2].Rounds[2].Kodiak {
		t.Errorf("state %+v", s)
	}
}

func TestAppendRoundCyclesFromTheFirstRound(t *testing.T) {
	state, err := Engine{}.AppendRound(nil, []byte(`{"players":[{"name":"Ana","kodiak":true},{"name":"Ben","cards":["3"]}],"options":{"cycles":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	state, err = Engine{}.AppendRound(state, []byte(`{"players":[{"name":"Ana","cards":["1"]},{"name":"Ben","kodiak":true}],"options":{"cycles":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	res, _ := Engine{}.Check(state)
	if res.GameOver {
		t.Error("2 cycles of 2 players is 4 rounds, but the game ended after 2")
	}
}

func TestAppendRoundRejects(t *testing.T) {
	state, err := Engine{}.AppendRound(nil, []byte(docRounds[0]))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, round, field string
		state              []byte
	}{
		{"bad token", `{"players":[{"name":"Ana","cards":["7","red-king","14"]},{"name":"Ben"},{"name":"Cy"}]}`, "round.players[0].cards[2]", state},
		{"pounces not a number", `{"players":[{"name":"Ana"},{"name":"Ben","pounces":"2"},{"name":"Cy"}]}`, "round.players[1].pounces", state},
		{"cambio field", `{"players":[{"name":"Ana","cambio":true},{"name":"Ben"},{"name":"Cy"}]}`, "round.players[0].cambio", state},
		{"stranger", `{"players":[{"name":"Ana"},{"name":"Ben"},{"name":"Dora"}]}`, "round.players[2].name", state},
		{"missing", `{"players":[{"name":"Ana"},{"name":"Ben"}]}`, "round.players", state},
		{"cycles", `{"players":[{"name":"Ana"},{"name":"Ben"}],"options":{"cycles":21}}`, "round.options.cycles", nil},
		{"unknown option", `{"players":[{"name":"Ana"},{"name":"Ben"}],"options":{"rounds":2}}`, "round.options.rounds", nil},
		{"duplicate", `{"players":[{"name":"Ana"},{"name":"ANA"}]}`, "round.players[1].name", nil},
		{"empty", `{}`, "round.players", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Engine{}.AppendRound(tt.state, []byte(tt.round))
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("got %s, %v; want an InputError", out, err)
			}
			if in.Field != tt.field {
				t.Errorf("field %q (%s), want %q", in.Field, in.Message, tt.field)
			}
		})
	}
}

// FuzzAppendRound: never panics; an accepted round gives a state the
// engine reads with one more round per player; a rejected one is an
// InputError under "round".
func FuzzAppendRound(f *testing.F) {
	for _, r := range docRounds {
		f.Add([]byte(r), true)
		f.Add([]byte(r), false)
	}
	f.Add([]byte(`{"players":[{"name":"Ana","cards":["hairball"],"hairballs_kept":-1},{"name":"Ben"},{"name":"Cy"}]}`), true)
	state, err := Engine{}.AppendRound(nil, []byte(docRounds[0]))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, round []byte, later bool) {
		prev := []byte(nil)
		if later {
			prev = state
		}
		out, err := Engine{}.AppendRound(prev, round)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) || !strings.HasPrefix(in.Field, "round") {
				t.Fatalf("%q: error %v is not an InputError under round", round, err)
			}
			return
		}
		s, err := Decode(out)
		if err != nil {
			t.Fatalf("%q built an unreadable state %s: %v", round, out, err)
		}
		want := 1
		if later {
			want = 2
		}
		for _, p := range s.Players {
			if len(p.Rounds) != want {
				t.Fatalf("%s has %d rounds, want %d", p.Name, len(p.Rounds), want)
			}
		}
		if _, err := (Engine{}).Check(out); err != nil {
			t.Fatal(err)
		}
	})
}
