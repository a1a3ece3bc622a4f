package kociaki

import (
	"fmt"
	"slices"

	"tablemate/scoring"
)

// Toys are numbered 1 to Toys (ruling KOC-1).
const Toys = 10

// pileChips is every toy pile before setup, smallest on top (ruling KOC-1).
var pileChips = [...]int{2, 2, 3, 3, 4}

// Removed returns how many chips setup takes out of each pile for a player
// count (ruling KOC-1: 2 players 2, 3 players 1, 4 players none), and false
// for a count the game does not have.
func Removed(players int) (int, bool) {
	switch players {
	case 2, 3, 4:
		return 4 - players, true
	}
	return 0, false
}

// remainders calls f with every pile that setup can leave when it removes
// r chips, smallest value first.
func remainders(r int, f func(left []int)) {
	for mask := 0; mask < 1<<len(pileChips); mask++ {
		left := make([]int, 0, len(pileChips))
		for i, v := range pileChips {
			if mask&(1<<i) == 0 {
				left = append(left, v)
			}
		}
		if len(left) == len(pileChips)-r {
			f(left)
		}
	}
}

// Pile says what one toy's pile may still offer after the chips taken
// from it so far (ruling KOC-2).
type Pile struct {
	Toy   int   `json:"toy"`
	Taken []int `json:"taken"` // ascending
	// Possible is false when no setup could have led to Taken.
	Possible bool `json:"possible"`
	// Next lists the values the next chip taken may have, ascending.
	Next []int `json:"next"`
	// MayBeEmpty is true when the pile may already be used up.
	MayBeEmpty bool `json:"may_be_empty"`
}

// PilesLeft returns, for toys 1–10 in order, what each pile may still
// offer given the chips all players together took from it, for the web
// chip editor. It fails for a player count or toy number the game lacks.
func PilesLeft(players int, taken map[int][]int) ([]Pile, error) {
	r, ok := Removed(players)
	if !ok {
		return nil, fmt.Errorf("kociaki: %d players: the game is for 2 to 4", players)
	}
	for toy := range taken {
		if toy < 1 || toy > Toys {
			return nil, fmt.Errorf("kociaki: toy %d: toys are numbered 1 to %d", toy, Toys)
		}
	}
	piles := make([]Pile, Toys)
	for i := range piles {
		piles[i] = pileLeft(r, i+1, taken[i+1])
	}
	return piles, nil
}

func pileLeft(r, toy int, taken []int) Pile {
	t := slices.Sorted(slices.Values(taken))
	p := Pile{Toy: toy, Taken: t, Next: []int{}}
	remainders(r, func(left []int) {
		// Chips are taken from the top, so what was taken is the smallest
		// len(t) chips of what setup left (ruling KOC-2).
		if len(t) > len(left) || !slices.Equal(left[:len(t)], t) {
			return
		}
		p.Possible = true
		if len(t) == len(left) {
			p.MayBeEmpty = true
		} else if !slices.Contains(p.Next, left[len(t)]) {
			p.Next = append(p.Next, left[len(t)])
		}
	})
	slices.Sort(p.Next)
	return p
}

// whyImpossible explains why taken cannot come from one pile after setup
// removed r chips with the given player count; the zero Phrase when it
// can.
func whyImpossible(players, r int, taken []int) scoring.Phrase {
	if pileLeft(r, 0, taken).Possible {
		return scoring.Phrase{}
	}
	have := counts(pileChips[:])
	got := counts(taken)
	for _, v := range []int{2, 3, 4} {
		if got[v] > have[v] {
			return scoring.Phrasef("%s taken, but a pile holds only %s", amount(got[v], v), amount(have[v], v))
		}
	}
	if n := len(pileChips) - r; len(taken) > n {
		return scoring.Phrasef("%d chips taken, but %s", len(taken), removal(players, r))
	}
	top := slices.Max(taken)
	var skipped []scoring.Phrase
	single := true // one chip skipped: "a 2 was not"
	for _, v := range []int{2, 3} {
		if n := have[v] - got[v]; v < top && n > 0 {
			skipped = append(skipped, amount(n, v))
			single = single && n == 1
		}
	}
	switch {
	case len(skipped) == 2:
		return scoring.Phrasef("a %d was taken but %s and %s were not — piles are taken from the smallest value up, and %s", top, skipped[0], skipped[1], removal(players, r))
	case len(skipped) == 1 && single:
		return scoring.Phrasef("a %d was taken but %s was not — piles are taken from the smallest value up, and %s", top, skipped[0], removal(players, r))
	case len(skipped) == 1:
		return scoring.Phrasef("a %d was taken but %s were not — piles are taken from the smallest value up, and %s", top, skipped[0], removal(players, r))
	}
	return scoring.Phrasef("a %d was taken but  were not — piles are taken from the smallest value up, and %s", top, removal(players, r))
}

func counts(values []int) map[int]int {
	c := map[int]int{}
	for _, v := range values {
		c[v]++
	}
	return c
}

// amount names n chips of value v: "a 2", "two 3s".
func amount(n, v int) scoring.Phrase {
	switch n {
	case 0:
		return scoring.Phrasef("no %ds", v)
	case 1:
		return scoring.Phrasef("a %d", v)
	case 2:
		return scoring.Phrasef("two %ds", v)
	case 3:
		return scoring.Phrasef("three %ds", v)
	case 4:
		return scoring.Phrasef("four %ds", v)
	case 5:
		return scoring.Phrasef("five %ds", v)
	}
	return scoring.Phrasef("%d %ds", n, v)
}

// removal says what setup does to each pile with this player count
// (ruling KOC-1).
func removal(players, r int) scoring.Phrase {
	switch r {
	case 0:
		return scoring.Phrasef("with %d players no chip is removed, so each pile holds all 5", players)
	case 1:
		return scoring.Phrasef("with %d players one chip is removed from each pile before play, leaving 4", players)
	}
	return scoring.Phrasef("with %d players %d chips are removed from each pile before play, leaving %d", players, r, len(pileChips)-r)
}
