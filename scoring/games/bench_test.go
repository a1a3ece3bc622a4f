package games

import (
	"encoding/json"
	"os"
	"testing"
)

// BenchmarkScore checks and scores each worked case of score-cases.json
// through its engine: decode, validate, score (go test -bench Score).
func BenchmarkScore(b *testing.B) {
	data, err := os.ReadFile("testdata/score-cases.json")
	if err != nil {
		b.Fatal(err)
	}
	var cases []struct {
		ID      string          `json:"id"`
		Game    string          `json:"game"`
		Request json.RawMessage `json:"request"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		b.Fatal(err)
	}
	for _, c := range cases {
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
