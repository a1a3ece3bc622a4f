package cambio

import (
	"testing"

	"tablemate/scoring/scoringtest"
)

// countBodies are requests with every kind of number the game reads
// (the options' target, the play API's seats and deltas).
var countBodies = [][]byte{
	[]byte(`{"players":[{"name":"Ana","rounds":[{"cards":["7","red-king"],"cambio":true}]},{"name":"Ben","rounds":[{"cards":["3"]}]}],"options":{"target":50}}`),
	[]byte(`{"players":[{"name":"Ana","cards":["7"],"cambio":true},{"name":"Ben","cards":["3"]}],"options":{"target":50}}`),
	[]byte(`{"players":["Ana","Ben","Cy"],"dealer":1,"steps":[{"done":1},{"penalty":2,"delta":1},{"cambio":2}]}`),
}

// TestCountsAreExact: ruling G-1, every count within ±1,000,000 and a
// 400 naming the field beyond, so no sum, total or table-wide bound is
// computed on a wrapped number.
func TestCountsAreExact(t *testing.T) {
	scoringtest.Counts(t, countBodies[0], scoringtest.Score(Engine{}))
	scoringtest.Counts(t, countBodies[1], scoringtest.Rounds(Engine{}))
	scoringtest.Counts(t, countBodies[2], scoringtest.Play(Engine{}))
}

func FuzzCounts(f *testing.F) {
	scoringtest.FuzzCounts(f, countBodies[0:1], scoringtest.Score(Engine{}))
}

func FuzzRoundCounts(f *testing.F) {
	scoringtest.FuzzCounts(f, countBodies[1:2], scoringtest.Rounds(Engine{}))
}

func FuzzPlayCounts(f *testing.F) {
	scoringtest.FuzzCounts(f, countBodies[2:3], scoringtest.Play(Engine{}))
}
