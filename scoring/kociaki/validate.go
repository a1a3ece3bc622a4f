package kociaki

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablemate/scoring"
)

// Player range (the rule text's setup is for 2, 3 or 4 players).
const (
	MinPlayers = 2
	MaxPlayers = 4
)

// Validate lists every rule the state breaks.
func Validate(s State) []scoring.Violation {
	v := []scoring.Violation{}
	n := len(s.Players)
	// ruling KOC-1: setup exists for 2, 3 and 4 players only.
	if n < MinPlayers || n > MaxPlayers {
		v = append(v, scoring.Violationf("player_count", "", "KOC-1", "%d players: Kociaki Łobuziaki is played by %d to %d", n, MinPlayers, MaxPlayers))
	}
	for _, p := range s.Players {
		for _, key := range toyKeys(p.Chips) {
			// ruling KOC-1: toys are numbered 1–10.
			if _, ok := toyNumber(key); !ok {
				v = append(v, scoring.Violationf("toy_number", p.Name, "KOC-1", "%s: toy %q does not exist; toys are numbered 1 to %d", scoring.Name(p.Name), scoring.Name(key), Toys))
			}
			// ruling KOC-1: each pile holds chips 2, 2, 3, 3, 4.
			for _, c := range p.Chips[key] {
				if !validChip(c) {
					v = append(v, scoring.Violationf("chip_value", p.Name, "KOC-1", "%s: toy %s has a chip worth %d; chips are worth 2, 3 or 4", scoring.Name(p.Name), scoring.Name(key), c))
				}
			}
		}
	}
	if r, ok := Removed(n); ok {
		v = append(v, piles(s.Players, n, r)...)
	}
	return v
}

// piles checks each toy's chips, all players together, against what one
// pile can give (ruling KOC-2). Toys with an unknown chip are skipped:
// chip_value already names them.
func piles(players []Player, n, r int) []scoring.Violation {
	var v []scoring.Violation
	for toy := 1; toy <= Toys; toy++ {
		var taken []int
		var who []string
		clean := true
		for _, p := range players {
			chips := chipsOf(p, toy)
			taken = append(taken, chips...)
			if len(chips) > 0 {
				who = append(who, fmt.Sprintf("%s %s", p.Name, join(chips, " ")))
			}
			for _, c := range chips {
				clean = clean && validChip(c)
			}
		}
		if !clean || len(taken) == 0 {
			continue
		}
		slices.Sort(taken)
		if why := whyImpossible(n, r, taken); !why.IsZero() {
			v = append(v, scoring.Violationf("pile_impossible", "", "KOC-2", "toy %d: %s (taken: %s)", toy, why, scoring.Name(strings.Join(who, "; "))))
		}
	}
	return v
}

// chipsOf returns p's chips for toy, under any key that names it.
func chipsOf(p Player, toy int) []int {
	var out []int
	for _, key := range toyKeys(p.Chips) {
		if t, ok := toyNumber(key); ok && t == toy {
			out = append(out, p.Chips[key]...)
		}
	}
	return out
}

func validChip(c int) bool { return c == 2 || c == 3 || c == 4 }

// toyNumber reads a chips key; only "1" to "10" name a toy.
func toyNumber(key string) (int, bool) {
	n, err := strconv.Atoi(key)
	if err != nil || n < 1 || n > Toys || strconv.Itoa(n) != key {
		return 0, false
	}
	return n, true
}

// toyKeys returns a chips map's keys, toys in number order first, then
// anything else alphabetically, so messages and breakdowns are stable.
func toyKeys(chips map[string][]int) []string {
	keys := make([]string, 0, len(chips))
	for k := range chips {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		na, oka := toyNumber(a)
		nb, okb := toyNumber(b)
		switch {
		case oka && okb:
			return cmp.Compare(na, nb)
		case oka:
			return -1
		case okb:
			return 1
		}
		return strings.Compare(a, b)
	})
	return keys
}

func join(values []int, sep string) string {
	s := make([]string, len(values))
	for i, v := range values {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, sep)
}
