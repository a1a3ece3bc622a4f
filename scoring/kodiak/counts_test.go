package kodiak

import (
	"testing"

	"tablemate/scoring/scoringtest"
)

// countBodies are requests with every kind of number the game reads
// (pounces and hairballs, cycles, the play API's seats and deltas).
var countBodies = [][]byte{
	[]byte(`{"players":[{"name":"Ana","rounds":[{"kodiak":true,"cards":["red-king"],"pounces":2}]},{"name":"Ben","rounds":[{"cards":[],"hairballs_kept":1,"hairballs_discarded":1}]}],"options":{"cycles":1}}`),
	[]byte(`{"players":[{"name":"Ana","kodiak":true,"cards":["4"],"pounces":1},{"name":"Ben","hairballs_kept":1,"hairballs_discarded":1}],"options":{"cycles":2}}`),
	[]byte(`{"players":["Ana","Ben"],"kodiak":1,"steps":[{"done":1},{"pounce":1},{"hairball":0,"delta":1},{"out":0}]}`),
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
