package kociaki

import (
	"testing"

	"tablemate/scoring/scoringtest"
)

// countBodies are requests with every kind of number the game reads
// (chips, the string left, the play API's toys and chips).
var countBodies = [][]byte{
	[]byte(`{"players":[{"name":"Ola","chips":{"1":[2,3],"7":[2]},"string_left":35},{"name":"Ben","chips":{"1":[2],"4":[2,2,3]},"string_left":20.5}]}`),
	[]byte(`{"players":["Ola","Ben","Cyd"],"start_tile":"green","steps":[{"tile":"yellow"},{"crossed":[{"toy":3},{"toy":7,"chip":2}]}]}`),
}

// TestCountsAreExact: ruling G-1, every count within ±1,000,000 and a
// 400 naming the field beyond, so no sum, total or table-wide bound is
// computed on a wrapped number.
func TestCountsAreExact(t *testing.T) {
	scoringtest.Counts(t, countBodies[0], scoringtest.Score(Engine{}))
	scoringtest.Counts(t, countBodies[1], scoringtest.Play(Engine{}))
}

func FuzzCounts(f *testing.F) {
	scoringtest.FuzzCounts(f, countBodies[0:1], scoringtest.Score(Engine{}))
}

func FuzzPlayCounts(f *testing.F) {
	scoringtest.FuzzCounts(f, countBodies[1:2], scoringtest.Play(Engine{}))
}
