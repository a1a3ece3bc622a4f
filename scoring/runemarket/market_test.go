package runemarket

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

func TestPrice(t *testing.T) {
	want := map[int]int{0: 0, 1: 0, 2: 4, 3: 3, 4: 2, 5: 2, 6: 0}
	for n, p := range want {
		if got := Price(n); got != p {
			t.Errorf("Price(%d) = %d, want %d", n, got, p)
		}
	}
}

func TestBuys(t *testing.T) {
	for sum := -1; sum <= 30; sum++ {
		rune := sum == 5 || sum == 10 || sum == 15
		if BuysRune(sum) != rune {
			t.Errorf("BuysRune(%d) = %v", sum, !rune)
		}
		if BuysBoatOrBandit(sum) != (sum >= 21) {
			t.Errorf("BuysBoatOrBandit(%d) = %v", sum, sum < 21)
		}
	}
}

func TestInterest(t *testing.T) {
	tests := []struct {
		name      string
		p         Player
		interest  []int // per yield
		stolen    []int
		abandoned []bool
		total     Runes
		bandits   map[string]int
		after     []Shelter
		text      string
	}{
		{name: "no shelters",
			p: Player{}, total: Runes{}, text: "No interest this turn."},
		{name: "a shelter with a rune: 1 of its colour",
			p:        Player{Shelters: []Shelter{{Colour: Red, Runes: 1}}},
			interest: []int{1}, stolen: []int{0}, abandoned: []bool{false},
			total: Runes{Red: 1}, after: []Shelter{{Colour: Red, Runes: 1}},
			text: "Take 1 red rune from the market as interest. Red shelter: 1 rune inside: 1 red rune."},
		{name: "an empty shelter: nothing",
			p:        Player{Shelters: []Shelter{{Colour: Blue, Runes: 0, BoatShelter: true}}},
			interest: []int{0}, stolen: []int{0}, abandoned: []bool{false},
			after: []Shelter{{Colour: Blue, BoatShelter: true}}},
		{name: "boat shelter inside: double interest, per shelter",
			p:        Player{Shelters: []Shelter{{Colour: Red, Runes: 4, BoatShelter: true}, {Colour: Blue, Runes: 2}}},
			interest: []int{2, 1}, stolen: []int{0, 0}, abandoned: []bool{false, false},
			total: Runes{Red: 2, Blue: 1},
			after: []Shelter{{Colour: Red, Runes: 4, BoatShelter: true}, {Colour: Blue, Runes: 2}},
			text:  "Take 2 red and 1 blue runes from the market as interest."},
		{name: "stand-alone boat shelter acts as a main shelter",
			p:        Player{Shelters: []Shelter{{Colour: Red, Runes: 1}}, BoatShelters: []BoatShelter{{Colour: Blue, Runes: 3}, {}}},
			interest: []int{1, 1, 0}, stolen: []int{0, 0, 0}, abandoned: []bool{false, false, false},
			total: Runes{Red: 1, Blue: 1}, after: []Shelter{{Colour: Red, Runes: 1}}},
		{name: "bandit: no interest, one rune to its owner",
			p:        Player{Shelters: []Shelter{{Colour: Blue, Runes: 3, Bandit: "Ben"}, {Colour: Red, Runes: 1}}},
			interest: []int{0, 1}, stolen: []int{1, 0}, abandoned: []bool{false, false},
			total: Runes{Red: 1}, bandits: map[string]int{"Ben": 1},
			after: []Shelter{{Colour: Blue, Runes: 2, Bandit: "Ben"}, {Colour: Red, Runes: 1}},
			text:  "Blue shelter: Ben's bandit sits here: no interest, and it moves 1 blue rune to Ben (2 left)."},
		{name: "bandit takes the last rune: the shelter stays until next turn",
			p:        Player{Shelters: []Shelter{{Colour: Red, Runes: 1, Bandit: "Cy"}}},
			interest: []int{0}, stolen: []int{1}, abandoned: []bool{false},
			bandits: map[string]int{"Cy": 1}, after: []Shelter{{Colour: Red, Runes: 0, Bandit: "Cy"}}},
		{name: "emptied shelter with a bandit is abandoned",
			p:        Player{Shelters: []Shelter{{Colour: Red, Runes: 0, Bandit: "Cy"}, {Colour: Blue, Runes: 2, BoatShelter: true}}},
			interest: []int{0, 2}, stolen: []int{0, 0}, abandoned: []bool{true, false},
			total: Runes{Blue: 2}, after: []Shelter{{Colour: Blue, Runes: 2, BoatShelter: true}},
			text: "Red shelter: Cy's bandit has emptied it: the shelter is abandoned (discarded) and the bandit goes back to the market."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Interest(tt.p)
			var interest, stolen []int
			var abandoned []bool
			for _, y := range r.Yields {
				interest = append(interest, y.Interest)
				stolen = append(stolen, y.Stolen)
				abandoned = append(abandoned, y.Abandoned)
				if y.Reason == "" || y.Shelter == "" {
					t.Errorf("yield %+v is not described", y)
				}
			}
			if !slices.Equal(interest, tt.interest) || !slices.Equal(stolen, tt.stolen) || !slices.Equal(abandoned, tt.abandoned) {
				t.Errorf("interest %v stolen %v abandoned %v, want %v %v %v", interest, stolen, abandoned, tt.interest, tt.stolen, tt.abandoned)
			}
			if r.Interest != tt.total {
				t.Errorf("total = %+v, want %+v", r.Interest, tt.total)
			}
			if tt.bandits == nil {
				tt.bandits = map[string]int{}
			}
			if !maps.Equal(r.ToBandits, tt.bandits) {
				t.Errorf("to bandits = %v, want %v", r.ToBandits, tt.bandits)
			}
			if tt.after == nil {
				tt.after = []Shelter{}
			}
			if !slices.Equal(r.Shelters, tt.after) {
				t.Errorf("shelters after = %+v, want %+v", r.Shelters, tt.after)
			}
			if !strings.Contains(r.Text, tt.text) {
				t.Errorf("text = %q, want it to contain %q", r.Text, tt.text)
			}
		})
	}
}
