package league

import (
	"fmt"
	"strings"
	"testing"
)

// Ranges are of a round width, at most eight, from the lowest total's to
// the highest's with the empty ones between, negative totals too.
func TestRanges(t *testing.T) {
	tests := []struct {
		totals []int
		want   string
	}{
		{nil, ""},
		{[]int{5, 5, 7}, "5–5:2 6–6:0 7–7:1"},
		{[]int{58, 62, 66, 83, 86}, "55–59:1 60–64:1 65–69:1 70–74:0 75–79:0 80–84:1 85–89:1"},
		{[]int{-5, 3, 12}, "-5–-1:1 0–4:1 5–9:0 10–14:1"},
	}
	for _, tt := range tests {
		var parts []string
		for _, r := range Ranges(tt.totals) {
			parts = append(parts, fmt.Sprintf("%d–%d:%d", r.From, r.To, r.Count))
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("Ranges(%v) = %q, want %q", tt.totals, got, tt.want)
		}
	}
}
