package kociaki

import (
	"slices"
	"strings"
	"testing"
)

func TestKOC2Examples(t *testing.T) {
	// ruling KOC-2's own examples, 3 players.
	tests := []struct {
		taken    []int
		possible bool
		why      string
	}{
		{[]int{2, 3}, true, ""},
		{[]int{3}, false, "a 3 was taken but two 2s were not — piles are taken from the smallest value up, and with 3 players one chip is removed from each pile before play, leaving 4"},
		{[]int{2, 2, 3, 3, 4}, false, "5 chips taken, but with 3 players one chip is removed from each pile before play, leaving 4"},
	}
	for _, tt := range tests {
		if got := whyImpossible(3, 1, tt.taken).String(); got != tt.why {
			t.Errorf("%v: %q, want %q", tt.taken, got, tt.why)
		}
		if got := pileLeft(1, 1, tt.taken).Possible; got != tt.possible {
			t.Errorf("%v: possible = %v", tt.taken, got)
		}
	}
}

func TestWhyImpossibleMessages(t *testing.T) {
	tests := []struct {
		players int
		taken   []int
		want    string
	}{
		{4, []int{2, 2, 2}, "three 2s taken, but a pile holds only two 2s"},
		{4, []int{4, 4}, "two 4s taken, but a pile holds only a 4"},
		{4, []int{2, 3}, "a 3 was taken but a 2 was not — piles are taken from the smallest value up, and with 4 players no chip is removed, so each pile holds all 5"},
		{2, []int{4}, "a 4 was taken but two 2s and two 3s were not — piles are taken from the smallest value up, and with 2 players 2 chips are removed from each pile before play, leaving 3"},
		{2, []int{2, 3, 4}, ""},
		{2, []int{3, 3, 4}, ""},
		{2, []int{2, 2, 3, 3}, "4 chips taken, but with 2 players 2 chips are removed from each pile before play, leaving 3"},
	}
	for _, tt := range tests {
		r, _ := Removed(tt.players)
		if got := whyImpossible(tt.players, r, tt.taken).String(); got != tt.want {
			t.Errorf("%d players %v: %q, want %q", tt.players, tt.taken, got, tt.want)
		}
	}
}

// TestPossibleMatchesClosedForm checks the enumeration against the rule
// spelled out: the chips exist in a pile, at most 5 − r were taken, and
// every chip below the highest taken one that was not taken was removed.
func TestPossibleMatchesClosedForm(t *testing.T) {
	var all [][]int
	var grow func(prefix []int, from int)
	grow = func(prefix []int, from int) {
		all = append(all, slices.Clone(prefix))
		if len(prefix) == 6 {
			return
		}
		for v := from; v <= 5; v++ {
			grow(append(prefix, v), v)
		}
	}
	grow(nil, 1)
	for players := 2; players <= 4; players++ {
		r, _ := Removed(players)
		for _, taken := range all {
			got := counts(taken)
			want := got[2] <= 2 && got[3] <= 2 && got[4] <= 1 && got[1] == 0 && got[5] == 0 && len(taken) <= 5-r
			if want && len(taken) > 0 {
				top := slices.Max(taken)
				unclaimed := 0
				for _, v := range []int{2, 3} {
					if v < top {
						unclaimed += counts(pileChips[:])[v] - got[v]
					}
				}
				want = unclaimed <= r
			}
			if p := pileLeft(r, 1, taken).Possible; p != want {
				t.Errorf("%d players, %v: possible = %v, want %v", players, taken, p, want)
			}
			if valid(taken) && (whyImpossible(players, r, taken).String() == "") != want {
				t.Errorf("%d players, %v: whyImpossible disagrees", players, taken)
			}
		}
	}
}

func valid(values []int) bool {
	for _, v := range values {
		if !validChip(v) {
			return false
		}
	}
	return true
}

func TestPilesLeft(t *testing.T) {
	tests := []struct {
		name       string
		players    int
		taken      []int
		next       []int
		mayBeEmpty bool
		possible   bool
	}{
		{"4 players, untouched", 4, nil, []int{2}, false, true},
		{"4 players, all taken", 4, []int{2, 2, 3, 3, 4}, []int{}, true, true},
		{"3 players, one 2 taken", 3, []int{2}, []int{2, 3}, false, true},
		{"3 players, three taken", 3, []int{2, 2, 3}, []int{3, 4}, false, true},
		{"3 players, four taken", 3, []int{2, 2, 3, 3}, []int{}, true, true},
		{"3 players, 4 taken early", 3, []int{2, 2, 3, 4}, []int{}, true, true},
		{"2 players, untouched", 2, nil, []int{2, 3}, false, true},
		{"2 players, three taken", 2, []int{4, 3, 2}, []int{}, true, true},
		{"impossible", 3, []int{3}, []int{}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			piles, err := PilesLeft(tt.players, map[int][]int{7: tt.taken})
			if err != nil {
				t.Fatal(err)
			}
			if len(piles) != Toys {
				t.Fatalf("%d piles", len(piles))
			}
			p := piles[6]
			if p.Toy != 7 || !slices.Equal(p.Next, tt.next) || p.MayBeEmpty != tt.mayBeEmpty || p.Possible != tt.possible {
				t.Errorf("got %+v, want next %v, may be empty %v, possible %v", p, tt.next, tt.mayBeEmpty, tt.possible)
			}
			if other := piles[0]; other.Toy != 1 || !other.Possible || len(other.Taken) != 0 {
				t.Errorf("toy 1 = %+v", other)
			}
		})
	}
	for _, bad := range []struct {
		players int
		taken   map[int][]int
	}{{1, nil}, {5, nil}, {3, map[int][]int{11: {2}}}, {3, map[int][]int{0: {2}}}} {
		if _, err := PilesLeft(bad.players, bad.taken); err == nil || !strings.HasPrefix(err.Error(), "kociaki: ") {
			t.Errorf("PilesLeft(%d, %v): err = %v", bad.players, bad.taken, err)
		}
	}
}
