package cambio

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
)

func TestParseCambioRound(t *testing.T) {
	v := url.Values{"players[0].cards": {" 7,Red_King  swap "}, "players[1].cards": {""}, "ended": {"cambio:0"},
		"options": {`{"target":20}`}, "players[0].name": {"Mallory"}}
	body, slots, err := parseCambioRound(v, []string{"Ana", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != `{"players":[{"name":"Ana","cards":["7","red-king","swap"],"cambio":true},{"name":"Ben","cards":[]}],"options":{"target":20}}` || len(slots) != 2 {
		t.Errorf("body %s slots %v", body, slots)
	}
	state, err := cambio.Engine{}.AppendRound(nil, body)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := cambio.Decode(state); s.Options.Limit() != 20 {
		t.Errorf("table options lost: %+v", s.Options)
	}
	_, _, err = parseCambioRound(url.Values{"players[1].cards": {"1 2 3 14"}, "ended": {"out:0"}}, []string{"Ana", "Ben"})
	var in *scoring.InputError
	if !errors.As(err, &in) || in.Field != "players[1].cards" || !strings.Contains(in.Message, "card 4") {
		t.Errorf("error %v", err)
	}
}

// FuzzParseCambioForm: whatever the form holds, the parser answers a round
// the engine starts a game with, or an InputError on a form field.
func FuzzParseCambioForm(f *testing.F) {
	f.Add("7 red-king swap", "", "cambio:0", "")
	f.Add("v:-2,13", "peek yours", "out:1", `{"target":3}`)
	f.Add("", "1", "cambio:0", "")
	f.Add("x", "14", "9", "{")
	f.Fuzz(func(t *testing.T, a, b, ended, opts string) {
		v := url.Values{"players[0].cards": {a}, "players[1].cards": {b}, "ended": {ended}, "options": {opts}}
		body, _, err := parseCambioRound(v, []string{"Ana", "Ben"})
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) || (in.Field != "ended" && !strings.HasPrefix(in.Field, "players[")) {
				t.Fatalf("error %v", err)
			}
			return
		}
		// Ruling CAM-3: a round the form takes can have happened.
		if res, err := (cambio.Engine{}).Check(mustAppend(t, body)); err == nil {
			for _, v := range res.Violations {
				if v.Code == "round_not_ended" || v.Code == "caller_out" {
					t.Fatalf("%s: the form took a round that cannot have happened: %v", body, v)
				}
			}
		}
		if !json.Valid(body) {
			t.Fatalf("invalid JSON %s", body)
		}
		_, err = cambio.Engine{}.AppendRound(nil, body)
		var in *scoring.InputError
		if err != nil && (!errors.As(err, &in) || !strings.HasPrefix(in.Field, "round.options")) {
			t.Fatalf("%s: engine refused the parsed round: %v", body, err)
		}
	})
}

// mustAppend starts a game with round (or returns nil when the engine
// does not take the round's options).
func mustAppend(t *testing.T, round []byte) []byte {
	t.Helper()
	state, err := cambio.Engine{}.AppendRound(nil, round)
	if err != nil {
		return nil
	}
	return state
}
