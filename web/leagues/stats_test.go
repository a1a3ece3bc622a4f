package leagues

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"tablemate/sessions"
	"tablemate/sessions/league/stats"
)

func TestDistribution(t *testing.T) {
	tests := []struct {
		totals []int
		want   string
	}{
		{nil, ""},
		{[]int{5, 5, 7}, "5:2 6:0 7:1"},
		{[]int{58, 62, 66, 83, 86}, "55–59:1 60–64:1 65–69:1 70–74:0 75–79:0 80–84:1 85–89:1"},
		{[]int{-5, 3, 12}, "-5–-1:1 0–4:1 5–9:0 10–14:1"},
	}
	for _, tt := range tests {
		var parts []string
		for _, b := range distribution(tt.totals) {
			parts = append(parts, fmt.Sprintf("%s:%v", b.Label, b.Value))
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("distribution(%v) = %q, want %q", tt.totals, got, tt.want)
		}
	}
}

// statsInput places players by the engine's winners and keeps a
// lowest-wins game's best the lowest, in the order games were entered.
func TestStatsInput(t *testing.T) {
	l := sessions.League{Members: []sessions.Member{{Name: "Ana"}, {Name: "Ben"}, {Name: "Bee", MergedInto: "Ben"}}}
	t0 := time.Date(2026, 3, 5, 20, 0, 0, 0, time.UTC)
	tables := []sessions.TableSummary{
		{Name: "Later", Game: "cambio", Card: sessions.Card{Players: []string{"Bee", "Ana"}},
			Games: []sessions.SummaryGame{{Number: 1, Game: "cambio", LowestWins: true, Totals: map[string]int{"Ana": 12, "Bee": 30}, Winners: []string{"Ana"}, At: t0.Add(time.Hour)}}},
		{Name: "Earlier", Game: "cambio", Card: sessions.Card{Players: []string{"Ana", "Ben"}},
			Games: []sessions.SummaryGame{{Number: 1, Game: "cambio", LowestWins: true, Totals: map[string]int{"Ana": 40, "Ben": 8}, Winners: []string{"Ben"}, At: t0}}},
	}
	in := statsInput(l, tables)
	if len(in.Games) != 2 || in.Games[0].Table != "Earlier" || !in.Games[0].LowestWins {
		t.Fatalf("games %+v", in.Games)
	}
	if p := in.Games[1].Players; p[0].Name != "Bee" || p[0].Winner || !p[1].Winner {
		t.Errorf("seat order and winners: %+v", p)
	}
	if in.Canonical("bee") != "Ben" || !slices.Equal(in.Members, []string{"Ana", "Ben"}) {
		t.Errorf("members %v", in.Members)
	}
	ana, _ := stats.Compute(in).Member("Ana")
	if ana.Games[0].Best != 12 || ana.Placings[0].Table != "Earlier" || ana.CurrentStreak != 1 {
		t.Errorf("Ana: best %d (want 12, the fewest), first game at %q, streak %d", ana.Games[0].Best, ana.Placings[0].Table, ana.CurrentStreak)
	}
}
