package alaska

import (
	"testing"

	"tablemate/scoring/scoringtest"
)

// countBodies are requests with every kind of number the game reads
// (salmon caught, the play API's pile, sections, cards and flows).
var countBodies = [][]byte{
	[]byte(`{"players":[{"name":"Ana","salmon":5},{"name":"Ben","salmon":3}]}`),
	[]byte(`{"players":["Ana","Ben"],"draw_pile":9,"steps":[{"do":"salmon","at":4},{"do":"flow","count":2},{"do":"angler","angler":"tourist","section":3},{"do":"cast","cards":[1,2]}]}`),
}

// TestCountsAreExact: ruling G-1, every count within ±1,000,000 and a
// 400 naming the field beyond, so no sum, total or table-wide bound is
// computed on a wrapped number (a table-wide salmon_total once wrapped).
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
