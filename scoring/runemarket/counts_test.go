package runemarket

import (
	"testing"

	"tablemate/scoring/scoringtest"
)

// countBodies are requests with every kind of number the game reads
// (runes, the highest card, the play API's market, cards and counts).
var countBodies = [][]byte{
	[]byte(`{"players":[{"name":"Ana","shelters":[{"colour":"red","runes":3,"boat_shelter":true}],"boat_shelters":[{"colour":"blue","runes":1}],"runes":{"red":2,"blue":1},"highest_number_card":9},{"name":"Ben","runes":{"red":4,"blue":2}}]}`),
	[]byte(`{"players":["Ana","Ben"],"market":{"red":3,"blue":2,"boat_shelters":1,"bandits":1},"first":"Ana","steps":[{"do":"interest"},{"do":"rune","colour":"red","cards":[2,3]},{"do":"place","colour":"red","count":1}]}`),
}

// TestCountsAreExact: ruling G-1, every count within ±1,000,000 and a
// 400 naming the field beyond, so no sum, total or table-wide bound is
// computed on a wrapped number (a player with 2^63−1 red runes and 1 blue once totalled −2^63).
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
