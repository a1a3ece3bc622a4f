package aufderhut

import (
	"testing"

	"tablemate/scoring/scoringtest"
)

// countBodies are requests with every kind of number the game reads
// (the score check's counts, the play API's spots).
var countBodies = [][]byte{
	[]byte(`{"players":[{"name":"Ida","characters":8,"wonderhats":2,"bald_heads":3},{"name":"Jan","characters":6,"wonderhats":1,"bald_heads":5}],"options":{"variant":"standard"}}`),
	[]byte(`{"players":["Ida","Jan"],"steps":[{"look":3},{"swap":[1,5]},{"reveal":2,"outcome":"match"}]}`),
}

// TestCountsAreExact: ruling G-1, every count within ±1,000,000 and a
// 400 naming the field beyond, so no sum, total or table-wide bound is
// computed on a wrapped number (2^63−1 + 1 characters once read as a negative count, answering only game_not_over).
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
