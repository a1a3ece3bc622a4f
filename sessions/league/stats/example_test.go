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
			{Game: "cambio", LowestWins: true, Players: []stats.Player{{Name: "Ana", Score: 3, Winner: true}, {Name: "Ben", Score: 20}, {Name: "Cy", Score: 9}}},
			{Game: "auf-der-hut", Players: []stats.Player{{Name: "Ana", Score: 6, Winner: true}, {Name: "Ben", Score: 6, Winner: true}, {Name: "Cy", Score: 2}}},
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
