package views

import (
	"context"
	"strings"
	"testing"

	"tablemate/scoring"
)

// TestPrerenderWritesTheSameBytes: a prerendered component renders what
// the component itself would, every time.
func TestPrerenderWritesTheSameBytes(t *testing.T) {
	chart := Lines(LineChart{ID: "c", Title: scoring.Verbatim("Running totals"), XLabel: scoring.Verbatim("Game"), Series: []Series{{Name: "Ana", Values: []float64{3, 7}}, {Name: "Ben", Values: []float64{5, 6}}}})
	ctx := context.Background()
	var live, first, second strings.Builder
	if err := chart.Render(ctx, &live); err != nil {
		t.Fatal(err)
	}
	pre := Prerender(ctx, chart)
	pre.Render(ctx, &first)
	pre.Render(ctx, &second)
	if live.String() == "" || first.String() != live.String() || second.String() != live.String() {
		t.Errorf("prerendered %q then %q, live %q", first.String(), second.String(), live.String())
	}
}
