package cambio

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
)

// roundsOf splits testdata/three-rounds-to-50.json into the round bodies a
// table enters one at a time.
func roundsOf(t testing.TB) [][]byte {
	t.Helper()
	body, err := os.ReadFile("testdata/three-rounds-to-50.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for j := range s.Players[0].Rounds {
		var r RoundEntry
		for _, p := range s.Players {
			r.Players = append(r.Players, RoundPlayer{Name: p.Name, Cards: p.Rounds[j].Cards, Cambio: p.Rounds[j].Cambio})
		}
		b, _ := json.Marshal(r)
		out = append(out, b)
	}
	return out
}

func TestAppendRoundPlaysTheGame(t *testing.T) {
	var state []byte
	var res scoring.Result
	wantTotals := [][]int{{15, 2, 23}, {38, 23, 18}, {61, 36, 19}}
	for j, r := range roundsOf(t) {
		next, err := Engine{}.AppendRound(state, r)
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
	if !res.Valid || !slices.Equal(res.Winners, []string{"Cy"}) {
		t.Errorf("valid %v winners %v", res.Valid, res.Winners)
	}
	// The state built round by round is the test file's game.
	body, _ := os.ReadFile("testdata/three-rounds-to-50.json")
	want, _ := Decode(body)
	got, err := Decode(state)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := stateJSON(want), stateJSON(got); a != b {
		t.Errorf("built %s\nwant  %s", b, a)
	}
}

func stateJSON(s State) string { b, _ := json.Marshal(s); return string(b) }

func TestAppendRoundOptionsStartTheGame(t *testing.T) {
	first := `{"players":[{"name":"Ana","cards":["13","13"]},{"name":"Ben","cards":["1"],"cambio":true}],"options":{"target":20,"cambio_tie":"penalty"}}`
	state, err := Engine{}.AppendRound(nil, []byte(first))
	if err != nil {
		t.Fatal(err)
	}
	s, _ := Decode(state)
	if s.Options.Limit() != 20 || s.Options.Tie() != TiePenalty {
		t.Fatalf("options %+v", s.Options)
	}
	res, _ := Engine{}.Check(state)
	if !res.GameOver {
		t.Error("Ana reached the table's target 20 but the game is not over")
	}
	// A later round's options are read but do not change the game.
	later := `{"players":[{"name":"Ben","cards":[]},{"name":"Ana","cards":["2"]}],"options":{"target":500}}`
	state, err = Engine{}.AppendRound(state, []byte(later))
	if err != nil {
		t.Fatal(err)
	}
	s, _ = Decode(state)
	if s.Options.Limit() != 20 || len(s.Players[0].Rounds) != 2 || RoundSum(s.Players[0].Rounds[1].Cards) != 2 {
		t.Errorf("after a reordered round: %+v", s)
	}
}

func TestAppendRoundRejects(t *testing.T) {
	start := []byte(`{"players":[{"name":"Ana","cards":["1"]},{"name":"Ben","cards":[]}]}`)
	state, err := Engine{}.AppendRound(nil, start)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, round, field string
		state              []byte
	}{
		{"bad token", `{"players":[{"name":"Ana","cards":["7","red-king","14"]},{"name":"Ben"}]}`, "round.players[0].cards[2]", state},
		{"bad token second player", `{"players":[{"name":"Ana"},{"name":"Ben","cards":["7","red-king","joker"]}]}`, "round.players[1].cards[2]", nil},
		{"number token", `{"players":[{"name":"Ana","cards":[7]},{"name":"Ben"}]}`, "round.players[0].cards[0]", state},
		{"unknown field", `{"players":[{"name":"Ana","kodiak":true},{"name":"Ben"}]}`, "round.players[0].kodiak", state},
		{"unknown top field", `{"players":[{"name":"Ana"},{"name":"Ben"}],"round":2}`, "round.round", state},
		{"stranger", `{"players":[{"name":"Ana"},{"name":"Cy"}]}`, "round.players[1].name", state},
		{"missing player", `{"players":[{"name":"Ana"}]}`, "round.players", state},
		{"extra player", `{"players":[{"name":"Ana"},{"name":"Ben"},{"name":"Cy"}]}`, "round.players[2].name", state},
		{"duplicate", `{"players":[{"name":"Ana"},{"name":"ana "}]}`, "round.players[1].name", nil},
		{"no name", `{"players":[{"name":"Ana"},{"cards":[]}]}`, "round.players[1].name", nil},
		{"no players", `{"players":[]}`, "round.players", nil},
		{"bad option", `{"players":[{"name":"Ana"},{"name":"Ben"}],"options":{"target":0}}`, "round.options.target", nil},
		{"cambio not bool", `{"players":[{"name":"Ana","cambio":"yes"},{"name":"Ben"}]}`, "round.players[0].cambio", state},
		{"not json", `{"players":`, "round", state},
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
	// A missing player's message lists the game's players.
	_, err = Engine{}.AppendRound(state, []byte(`{"players":[{"name":"Ana"}]}`))
	if err == nil || !strings.Contains(err.Error(), "Ana and Ben") {
		t.Errorf("message %v", err)
	}
}

// FuzzAppendRound: never panics; an accepted round gives a state the
// engine reads, with one more round for every player, and a rejected one
// is always an InputError under "round".
func FuzzAppendRound(f *testing.F) {
	for _, r := range roundsOf(f) {
		f.Add(r, true)
		f.Add(r, false)
	}
	f.Add([]byte(`{"players":[{"name":"Ana","cards":["v:-2"]},{"name":"Ben"},{"name":"Cy","cambio":true}],"options":{"cambio_tie":"penalty"}}`), false)
	f.Add([]byte(`{"players":[{"name":"Ana","cards":["x"]}]}`), true)
	start := roundsOf(f)[0]
	state, err := Engine{}.AppendRound(nil, start)
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
