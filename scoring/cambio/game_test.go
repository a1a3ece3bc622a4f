package cambio

import (
	"os"
	"slices"
	"testing"
)

// TestThreeRoundsToFifty is the game the browser test replays round by
// round (testdata/three-rounds-to-50.json): Ben calls Cambio with the
// fewest in round 1 (−5), Cy calls with a 0 in round 2 (−5), Ben calls
// without the fewest in round 3 (+5). Ana reaches 61 in round 3, so the
// game ends there and Cy wins on 19.
func TestThreeRoundsToFifty(t *testing.T) {
	body, err := os.ReadFile("testdata/three-rounds-to-50.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	r := check(t, string(body))
	if !r.Valid || !r.GameOver || !slices.Equal(r.Winners, []string{"Cy"}) {
		t.Fatalf("valid=%v over=%v winners=%v %v", r.Valid, r.GameOver, r.Winners, r.Violations)
	}
	want := map[string][]int{"Ana": {15, 23, 23}, "Ben": {2, 21, 13}, "Cy": {23, -5, 1}}
	wantTotal := map[string]int{"Ana": 61, "Ben": 36, "Cy": 19}
	for _, p := range r.Players {
		if !slices.Equal(p.Rounds, want[p.Name]) || p.Total != wantTotal[p.Name] {
			t.Errorf("%s: rounds %v total %d", p.Name, p.Rounds, p.Total)
		}
	}
	bonus := map[string]string{}
	for _, p := range r.Players {
		for _, l := range p.Breakdown {
			if l.Points == CallerReward || l.Points == CallerPenalty {
				bonus[p.Name] += l.Label + "|"
			}
		}
	}
	if bonus["Ben"] != "round 1: Cambio called, fewest (−5)|round 3: Cambio called, not fewest (+5)|" ||
		bonus["Cy"] != "round 2: Cambio called, fewest (−5)|" || bonus["Ana"] != "" {
		t.Errorf("bonus lines %q", bonus)
	}

	// The round-entry page scores one round at a time with ScoreRound.
	for j, caller := range []int{1, 2, 1} {
		hands := [][]Card{s.Players[0].Rounds[j].Cards, s.Players[1].Rounds[j].Cards, s.Players[2].Rounds[j].Cards}
		got := ScoreRound(hands, caller, s.Options)
		if w := []int{want["Ana"][j], want["Ben"][j], want["Cy"][j]}; !slices.Equal(got, w) {
			t.Errorf("round %d: ScoreRound = %v, want %v", j+1, got, w)
		}
		if d := Dealer(j+1, 3); d != j {
			t.Errorf("round %d dealt by seat %d", j+1, d)
		}
	}

	// After two rounds (38, 23, 18) nobody has 50: the game goes on.
	two := s
	two.Players = nil
	for _, p := range s.Players {
		p.Rounds = p.Rounds[:2]
		two.Players = append(two.Players, p)
	}
	if r := Score(two); !r.Valid || r.GameOver || len(r.Winners) != 0 {
		t.Errorf("after round 2: valid=%v over=%v winners=%v", r.Valid, r.GameOver, r.Winners)
	}

	// A fourth round cannot follow.
	four := s
	four.Players = nil
	for _, p := range s.Players {
		p.Rounds = append(slices.Clone(p.Rounds), Round{})
		four.Players = append(four.Players, p)
	}
	if r := Score(four); r.Valid || !r.GameOver || !slices.Equal(codes(r), []string{"after_game_end"}) {
		t.Errorf("round 4: valid=%v over=%v codes=%v", r.Valid, r.GameOver, codes(r))
	}
}
