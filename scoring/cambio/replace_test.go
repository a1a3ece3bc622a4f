package cambio

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tablemate/scoring"
)

// Any round can be corrected, not only the last (scoring.RoundCorrector):
// round 1 of three replaced, the rounds after it kept, the game's options
// kept; a round the game does not have or a player it does not have is
// an input error.
func TestReplaceRound(t *testing.T) {
	var e Engine
	var state []byte
	for _, r := range []string{
		`{"players":[{"name":"Ana","cards":["7"],"cambio":true},{"name":"Ben","cards":["3"]}],"options":{"target":60}}`,
		`{"players":[{"name":"Ana","cards":[]},{"name":"Ben","cards":["2","2"]}]}`,
		`{"players":[{"name":"Ana","cards":["1"]},{"name":"Ben","cards":[]}]}`,
	} {
		var err error
		if state, err = e.AppendRound(state, []byte(r)); err != nil {
			t.Fatal(err)
		}
	}
	fixed, err := e.ReplaceRound(state, 1, []byte(`{"players":[{"name":"ben","cards":["9"]},{"name":"Ana","cards":["sum:2"],"cambio":true}]}`))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Decode(fixed)
	if err != nil {
		t.Fatal(err)
	}
	if s.Options.Limit() != 60 || len(s.Players[0].Rounds) != 3 || s.Players[0].Rounds[0].Cards[0] != (Card{Kind: Sum, N: 2}) ||
		s.Players[1].Rounds[0].Cards[0] != (Card{Kind: Number, N: 9}) || len(s.Players[1].Rounds[1].Cards) != 2 || s.Players[0].Rounds[2].Cards[0].N != 1 {
		b, _ := json.Marshal(s)
		t.Errorf("round 1 corrected: %s", b)
	}
	res, err := e.Check(fixed)
	if err != nil {
		t.Fatal(err)
	}
	// Ana: 2 − 5 (fewest caller, CAM-2) + 0 + 1; Ben: 9 + 4 + 0.
	if res.Players[0].Total != -2 || res.Players[1].Total != 13 {
		t.Errorf("totals %d, %d; want −2, 13", res.Players[0].Total, res.Players[1].Total)
	}
	for _, bad := range []struct {
		n            int
		round, field string
	}{
		{0, `{"players":[{"name":"Ana","cards":[]},{"name":"Ben","cards":[]}]}`, "round"},
		{4, `{"players":[{"name":"Ana","cards":[]},{"name":"Ben","cards":[]}]}`, "round"},
		{2, `{"players":[{"name":"Ana","cards":[]},{"name":"Cy","cards":[]}]}`, "round.players"},
		{2, `{"players":[{"name":"Ana","cards":["king"]},{"name":"Ben","cards":[]}]}`, "round.players[0].cards[0]"},
	} {
		_, err := e.ReplaceRound(state, bad.n, []byte(bad.round))
		var in *scoring.InputError
		if !errors.As(err, &in) || !strings.HasPrefix(in.Field, bad.field) {
			t.Errorf("round %d %s: %v, want an input error on %s", bad.n, bad.round, err, bad.field)
		}
	}
}
