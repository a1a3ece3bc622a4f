package openskill_test

import (
	"fmt"

	"tablemate/sessions/league/openskill"
)

// Four new players finish a game; the second and third place tie.
func ExampleModel_RatePlayers() {
	m := openskill.Default()
	r := m.New()
	after, err := m.RatePlayers([]openskill.Rating{r, r, r, r}, []int{1, 2, 2, 4})
	if err != nil {
		panic(err)
	}
	for i, a := range after {
		fmt.Printf("player %d: μ %.2f σ %.2f ordinal %.2f\n", i+1, a.Mu, a.Sigma, a.Ordinal())
	}
	// Output:
	// player 1: μ 27.80 σ 8.26 ordinal 3.00
	// player 2: μ 24.69 σ 8.18 ordinal 0.15
	// player 3: μ 24.69 σ 8.18 ordinal 0.15
	// player 4: μ 22.83 σ 8.18 ordinal -1.71
}
