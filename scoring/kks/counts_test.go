package kks

import (
	"testing"

	"tablemate/scoring/scoringtest"
)

// countBodies are requests with every kind of count the game reads: the
// score check's tokens, adjustments and special cards, and the play
// API's first seat and takes.
var countBodies = [][]byte{
	[]byte(`{"players":[{"name":"Ana","tokens":2,"display":{"red":"1 5 7"},"adjustments":[{"card":9,"points":4,"reason":"most red"}]},{"name":"Ben","tokens":1,"display":{"blue":"4 9"}}],"options":{"special_cards":[1,9,13]}}`),
	[]byte(`{"players":["A","B"],"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"],"first":1,"steps":[{"take":3,"reveal":"blue 7"},{"take":1,"reveal":"yellow 2"}]}`),
}

// TestCountsAreExact: ruling G-1, every count within ±1,000,000 and a
// 400 naming the field beyond, so no token total wraps (two supplies of
// 2^63−1 once wrapped the sum and hid token_total).
func TestCountsAreExact(t *testing.T) {
	scoringtest.Counts(t, countBodies[0], scoringtest.Score(Engine{}))
	scoringtest.Counts(t, countBodies[1], scoringtest.Play(Engine{}))
	// The fast reading gives up beyond the bound, and the strict one
	// names the field.
	res, err := Engine{}.Check([]byte(`{"players":[{"name":"A","tokens":1000000},{"name":"B","tokens":1000000}]}`))
	if err != nil || res.Valid {
		t.Errorf("two supplies of a million: %+v %v (token_total, counted exactly)", res.Violations, err)
	}
}

func FuzzCounts(f *testing.F) {
	scoringtest.FuzzCounts(f, countBodies[:1], scoringtest.Score(Engine{}))
}

func FuzzPlayCounts(f *testing.F) {
	scoringtest.FuzzCounts(f, countBodies[1:], scoringtest.Play(Engine{}))
}
