package kodiak

import (
	"testing"
)

// Any Kodiak round can be corrected (scoring.RoundCorrector): round 1 of
// two replaced, round 2 kept.
func TestReplaceRound(t *testing.T) {
	var e Engine
	var state []byte
	for _, r := range []string{
		`{"players":[{"name":"Ana","kodiak":true,"cards":["red-king"],"pounces":1},{"name":"Ben","cards":[]}]}`,
		`{"players":[{"name":"Ana","cards":["5"]},{"name":"Ben","kodiak":true,"cards":[]}]}`,
	} {
		var err error
		if state, err = e.AppendRound(state, []byte(r)); err != nil {
			t.Fatal(err)
		}
	}
	fixed, err := e.ReplaceRound(state, 1, []byte(`{"players":[{"name":"Ana","kodiak":true,"cards":["3"],"pounces":2},{"name":"Ben","cards":["sum:12"],"hairballs_kept":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Decode(fixed)
	if err != nil {
		t.Fatal(err)
	}
	if r := s.Players[0].Rounds[0]; !r.Kodiak || r.Pounces != 2 || len(s.Players[0].Rounds) != 2 || s.Players[0].Rounds[1].Cards[0].Value() != 5 {
		t.Errorf("Ana's rounds after the correction: %+v", s.Players[0].Rounds)
	}
	if r := s.Players[1].Rounds[0]; r.HairballsKept != 1 || r.Cards[0].Value() != 12 || !s.Players[1].Rounds[1].Kodiak {
		t.Errorf("Ben's rounds after the correction: %+v", s.Players[1].Rounds)
	}
	if _, err := e.ReplaceRound(state, 3, []byte(`{"players":[{"name":"Ana","cards":[]},{"name":"Ben","cards":[]}]}`)); err == nil {
		t.Error("round 3 of a two-round game was replaced")
	}
}
