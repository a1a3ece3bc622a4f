package scoring

// Highest returns the names of every player on the highest total, in the
// players' order (ruling G-2: ties all win).
func Highest(players []PlayerResult) []string {
	return best(players, func(a, b int) bool { return a > b })
}

// Lowest returns the names of every player on the lowest total, for games
// where the fewest points win (Cambio, Kodiak).
func Lowest(players []PlayerResult) []string {
	return best(players, func(a, b int) bool { return a < b })
}

func best(players []PlayerResult, better func(a, b int) bool) []string {
	names := []string{}
	if len(players) == 0 {
		return names
	}
	top := players[0].Total
	for _, p := range players[1:] {
		if better(p.Total, top) {
			top = p.Total
		}
	}
	for _, p := range players {
		if p.Total == top {
			names = append(names, p.Name)
		}
	}
	return names
}
