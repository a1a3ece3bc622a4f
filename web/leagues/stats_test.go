package leagues

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"tablemate/sessions/league"
)

// The score distributions' bars: ranges of a round width, at most eight,
// labelled by their totals.
func TestDistribution(t *testing.T) {
	tests := []struct {
		totals []int
		want   string
	}{
		{nil, ""},
		{[]int{5, 5, 7}, "5:2 6:0 7:1"},
		{[]int{58, 62, 66, 83, 86}, "55–59:1 60–64:1 65–69:1 70–74:0 75–79:0 80–84:1 85–89:1"},
		{[]int{-5, 3, 12}, "−5 – −1:1 0–4:1 5–9:0 10–14:1"},
	}
	for _, tt := range tests {
		var parts []string
		for _, b := range spreadBars(context.Background(), league.Ranges(tt.totals)) {
			parts = append(parts, fmt.Sprintf("%s:%v", b.Label, b.Value))
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("distribution(%v) = %q, want %q", tt.totals, got, tt.want)
		}
	}
}
