package stats_test

import (
	"fmt"

	"tablemate/sessions/league/stats"
)

// A league of two games: Ana wins a Cambio (fewest points) and shares
// first place at Auf der Hut with Ben.
func ExampleCompute() {
	r := stats.Compute(stats.Input{
		Members: []string{"Ana", "Ben", "Cy"},
		Games: []stats.Game{
			{Game: "cambio", LowestWins: true, Players: []stats.Player{{"Ana", 3, true}, {"Ben", 20, false}, {"Cy", 9, false}}},
			{Game: "auf-der-hut", Players: []stats.Player{{"Ana", 6, true}, {"Ben", 6, true}, {"Cy", 2, false}}},
		},
	})
	ana, _ := r.Member("Ana")
	fmt.Printf("%s: %d of %d won (%d%%), streak %d, favourite %s, rival %s (%d times)\n",
		ana.Member, ana.Won, ana.Played, stats.Percent(ana.WinRate), ana.CurrentStreak, ana.Favourite, ana.Rival.Name, ana.Rival.Times)
	for _, p := range ana.Placings {
		fmt.Printf("game %d: place %d of %d\n", p.Index+1, p.Place, p.Players)
	}
	// Output:
	// Ana: 2 of 2 won (100%), streak 2, favourite auf-der-hut, rival Cy (2 times)
	// game 1: place 1 of 3
	// game 2: place 1 of 3
}
