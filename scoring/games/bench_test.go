package games

import (
	"testing"

	"tablemate/scoring/scoringtest"
)

// BenchmarkScore checks and scores each worked case of
// docs/examples/score-cases.json through its engine: decode, validate,
// score (go test -bench Score).
func BenchmarkScore(b *testing.B) {
	for _, c := range scoringtest.Cases(b, "") {
		engine, ok := Find(c.Game)
		if !ok {
			b.Fatalf("no engine for %s", c.Game)
		}
		b.Run(c.ID, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.Request)))
			for b.Loop() {
				if _, err := engine.Check(c.Request); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
