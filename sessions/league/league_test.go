package league

import (
	"maps"
	"testing"
)

func game(lowest bool, totals map[string]int) Result {
	return Result{Totals: totals, LowestWins: lowest}
}

func TestPlacesShareTies(t *testing.T) {
	got := Places(game(false, map[string]int{"A": 10, "B": 8, "C": 8, "D": 5}))
	want := map[string]int{"A": 1, "B": 2, "C": 2, "D": 4}
	if !maps.Equal(got, want) {
		t.Errorf("places %v, want %v", got, want)
	}
	got = Places(game(true, map[string]int{"A": 10, "B": 8, "C": 8, "D": 5}))
	want = map[string]int{"A": 4, "B": 2, "C": 2, "D": 1}
	if !maps.Equal(got, want) {
		t.Errorf("fewest-wins places %v, want %v", got, want)
	}
}

func points(ss []Standing) map[string]float64 {
	out := map[string]float64{}
	for _, s := range ss {
		out[s.Player] = s.Points
	}
	return out
}

func TestSchemes(t *testing.T) {
	games := []Result{
		game(false, map[string]int{"Ana": 30, "Ben": 20, "Cy": 20, "Dee": 10}),
		game(false, map[string]int{"Ana": 5, "Ben": 40, "Cy": 1}),
	}
	tests := []struct {
		scheme Scheme
		want   map[string]float64
	}{
		// 3/2/1/0; Ben and Cy tie for 2nd in game 1 and share (2+1)/2.
		{Placing, map[string]float64{"Ana": 3 + 2, "Ben": 1.5 + 3, "Cy": 1.5 + 1, "Dee": 0}},
		{Total, map[string]float64{"Ana": 35, "Ben": 60, "Cy": 21, "Dee": 10}},
		{Wins, map[string]float64{"Ana": 1, "Ben": 1, "Cy": 0, "Dee": 0}},
	}
	for _, tt := range tests {
		t.Run(string(tt.scheme), func(t *testing.T) {
			got := Standings(games, tt.scheme, []float64{3, 2, 1, 0})
			if !maps.Equal(points(got), tt.want) {
				t.Errorf("points %v, want %v", points(got), tt.want)
			}
			for i := 1; i < len(got); i++ {
				if got[i].Points > got[i-1].Points {
					t.Errorf("not ordered best first: %v", got)
				}
			}
		})
	}
}

func TestRanksTieAndTrend(t *testing.T) {
	got := Standings([]Result{game(false, map[string]int{"A": 5, "B": 5, "C": 1})}, Placing, []float64{3, 2, 1})
	if got[0].Rank != 1 || got[1].Rank != 1 || got[2].Rank != 3 {
		t.Errorf("ranks %v", got)
	}
	if got[0].Points != 2.5 || got[0].Wins != 1 || got[1].Wins != 1 {
		t.Errorf("shared first: %+v", got[0])
	}
	season := Standings([]Result{
		game(false, map[string]int{"A": 5, "B": 1}),
		game(false, map[string]int{"A": 0, "B": 9}),
		game(false, map[string]int{"A": 7, "B": 2}),
	}, Placing, []float64{1, 0})
	for _, s := range season {
		if s.Player == "A" && len(s.Trend) == 3 && (s.Trend[0] != 1 || s.Trend[1] != 1 || s.Trend[2] != 2) {
			t.Errorf("A's trend %v, want [1 1 2]", s.Trend)
		}
	}
}

func TestTotalWhereFewestWin(t *testing.T) {
	got := Standings([]Result{game(true, map[string]int{"Ana": 52, "Ben": 30})}, Total, nil)
	if got[0].Player != "Ben" || got[0].Rank != 1 {
		t.Errorf("fewest total must rank first: %v", got)
	}
}

func TestElo(t *testing.T) {
	// Equal ratings, one win: winner +16, loser −16 (K = 32, E = 0.5).
	got := points(Standings([]Result{game(false, map[string]int{"A": 3, "B": 1})}, Elo, nil))
	if got["A"] != 1516 || got["B"] != 1484 {
		t.Errorf("duel: %v, want 1516/1484", got)
	}
	// A draw between equals changes nothing.
	got = points(Standings([]Result{game(false, map[string]int{"A": 3, "B": 3})}, Elo, nil))
	if got["A"] != 1500 || got["B"] != 1500 {
		t.Errorf("draw: %v", got)
	}
	// Ratings are zero-sum across a game, and beating a stronger player pays more.
	games := []Result{
		game(false, map[string]int{"A": 9, "B": 1}),
		game(false, map[string]int{"A": 9, "B": 1}),
		game(false, map[string]int{"A": 1, "B": 9, "C": 5}),
	}
	got = points(Standings(games, Elo, nil))
	if sum := got["A"] + got["B"] + got["C"]; sum < 4499.8 || sum > 4500.2 {
		t.Errorf("ratings sum %v, want 4500", sum)
	}
	if got["B"] <= 1500-32 {
		t.Errorf("B beat the stronger A yet sits at %v", got["B"])
	}
}

func TestHeadToHead(t *testing.T) {
	games := []Result{
		game(false, map[string]int{"A": 5, "B": 1}),
		game(false, map[string]int{"A": 1, "B": 5}),
		game(false, map[string]int{"A": 2, "B": 2}),
		game(false, map[string]int{"A": 9, "C": 1}),
		game(true, map[string]int{"A": 9, "B": 1}),
	}
	ahead, behind, level := HeadToHead(games, "A", "B")
	if ahead != 1 || behind != 2 || level != 1 {
		t.Errorf("A vs B: %d ahead, %d behind, %d level; want 1, 2, 1", ahead, behind, level)
	}
}

func TestParse(t *testing.T) {
	if p, err := ParsePoints("3/2/1/0"); err != nil || len(p) != 4 || p[0] != 3 {
		t.Errorf("ParsePoints: %v %v", p, err)
	}
	for _, bad := range []string{"", "a/b", "-1", "1/NaN", "5000"} {
		if _, err := ParsePoints(bad); err == nil {
			t.Errorf("ParsePoints(%q) accepted", bad)
		}
	}
	if _, err := ParseScheme("elo"); err != nil {
		t.Error(err)
	}
	if _, err := ParseScheme("chess"); err == nil {
		t.Error("unknown scheme accepted")
	}
}

func FuzzParsePoints(f *testing.F) {
	f.Add("3/2/1/0")
	f.Add("1, 0.5")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePoints(s)
		if err == nil && len(p) == 0 {
			t.Fatal("no points and no error")
		}
	})
}
