package sheet

import (
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

// TestCountsAreExact: ruling G-1 holds for another game's sheet too:
// every score typed lies within ±1,000,000, a 400 naming the field
// beyond, so no total adds up wrapped numbers; a sheet's state and a
// round are both checked.
func TestCountsAreExact(t *testing.T) {
	scoringtest.Counts(t, []byte(`{"name":"Catan","players":[{"name":"Ana","scores":[3,-2]},{"name":"Ben","scores":[1,5]}],"over":true}`), scoringtest.Score(Engine{}))
	scoringtest.Counts(t, []byte(`{"name":"Catan","scores":[{"name":"Ana","points":3},{"name":"Ben","points":-2}],"last":true}`), scoringtest.Answer{Game: Engine{}, Read: func(b []byte) (*scoring.Result, error) {
		state, err := Engine{}.AppendRound(nil, b)
		if err != nil {
			return nil, err
		}
		res, err := Engine{}.Check(state)
		return &res, err
	}})
}
