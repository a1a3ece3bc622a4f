package sessions

import (
	"slices"
	"testing"
	"time"

	"tablemate/sessions/league/stats"
)

// statsInput places players by the engine's winners and keeps a
// lowest-wins game's best the lowest, in the order games were entered.
func TestStatsInput(t *testing.T) {
	l := League{Members: []Member{{Name: "Ana"}, {Name: "Ben"}, {Name: "Bee", MergedInto: "Ben"}}}
	t0 := time.Date(2026, 3, 5, 20, 0, 0, 0, time.UTC)
	tables := []TableSummary{
		{Name: "Later", Game: "cambio", Card: Card{Players: []string{"Bee", "Ana"}},
			Games: []SummaryGame{{Number: 1, Game: "cambio", LowestWins: true, Totals: map[string]int{"Ana": 12, "Bee": 30}, Winners: []string{"Ana"}, At: t0.Add(time.Hour)}}},
		{Name: "Earlier", Game: "cambio", Card: Card{Players: []string{"Ana", "Ben"}},
			Games: []SummaryGame{{Number: 1, Game: "cambio", LowestWins: true, Totals: map[string]int{"Ana": 40, "Ben": 8}, Winners: []string{"Ben"}, At: t0}}},
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
