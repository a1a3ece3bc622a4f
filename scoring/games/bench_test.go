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

// TestScoreAllocations keeps the score check of a 3-player KKS state
// within its budget of allocations (issue #25: at most 40; 233 before the
// engine read the usual request without encoding/json). Allocations are
// counted, not timed, so this holds on any machine.
func TestScoreAllocations(t *testing.T) {
	for _, c := range scoringtest.Cases(t, "") {
		if c.ID != "kks-3p-simulated" {
			continue
		}
		engine, _ := Find(c.Game)
		if n := testing.AllocsPerRun(200, func() { engine.Check(c.Request) }); n > 40 {
			t.Errorf("%s: %v allocations per check, want at most 40", c.ID, n)
		}
		return
	}
	t.Fatal("no case kks-3p-simulated")
}
