package kodiak

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/kodiak"
)

func TestParseKodiakRound(t *testing.T) {
	v := url.Values{"kodiak": {"1"}, "players[0].cards": {"hairball 3"}, "players[0].hairballs_kept": {" 2 "},
		"players[1].pounces": {"1"}, "players[1].hairballs_discarded": {""}}
	body, _, err := parseKodiakRound(v, []string{"Ana", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != `{"players":[{"name":"Ana","cards":["hairball","3"],"hairballs_kept":2},{"name":"Ben","kodiak":true,"cards":[],"pounces":1}]}` {
		t.Errorf("body %s", body)
	}
	_, _, err = parseKodiakRound(url.Values{"players[0].cards": {"red-kong"}}, []string{"Ana", "Ben"})
	var in *scoring.InputError
	if !errors.As(err, &in) || in.Field != "players[0].cards" {
		t.Errorf("error %v", err)
	}
}

// FuzzParseKodiakForm: the parser answers a round the engine starts a game
// with, or an InputError on a form field.
func FuzzParseKodiakForm(f *testing.F) {
	f.Add("5 red-king", "2", "0", "1", "0")
	f.Add("hairball", "-1", "x", "", "none")
	f.Add("99", "4", "77", "9999999999999", "5")
	f.Fuzz(func(t *testing.T, cards, pounces, kept, discarded, k string) {
		v := url.Values{"players[0].cards": {cards}, "players[0].pounces": {pounces}, "players[0].hairballs_kept": {kept},
			"players[1].hairballs_discarded": {discarded}, "kodiak": {k}}
		body, _, err := parseKodiakRound(v, []string{"Ana", "Ben"})
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) || (in.Field != "kodiak" && !strings.HasPrefix(in.Field, "players[")) {
				t.Fatalf("error %v", err)
			}
			return
		}
		state, err := kodiak.Engine{}.AppendRound(nil, body)
		if err != nil {
			t.Fatalf("%s: engine refused the parsed round: %v", body, err)
		}
		if _, err := (kodiak.Engine{}).Check(state); err != nil {
			t.Fatal(err)
		}
	})
}
