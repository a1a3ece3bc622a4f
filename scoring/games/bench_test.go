package games

import (
	"encoding/json"
	"os"
	"testing"
)

// scoreCase is a worked case of score-cases.json.
type scoreCase struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Request json.RawMessage `json:"request"`
}

func readCases(tb testing.TB) []scoreCase {
	data, err := os.ReadFile("testdata/score-cases.json")
	if err != nil {
		tb.Fatal(err)
	}
	var cases []scoreCase
	if err := json.Unmarshal(data, &cases); err != nil {
		tb.Fatal(err)
	}
	return cases
}

// BenchmarkScore checks and scores each worked case of score-cases.json
// through its engine: decode, validate, score (go test -bench Score).
func BenchmarkScore(b *testing.B) {
	for _, c := range readCases(b) {
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
	for _, c := range readCases(t) {
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
