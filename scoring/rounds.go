package scoring

import (
	"fmt"
	"strings"
)

// RoundCountMismatch explains, for round-based games, players whose lists
// of rounds differ in length ("" when they all have the same number).
func RoundCountMismatch[P any](players []P, name func(P) string, rounds func(P) int) string {
	if len(players) == 0 {
		return ""
	}
	counts := make([]string, len(players))
	same := true
	for i, p := range players {
		counts[i] = fmt.Sprintf("%s %d", name(p), rounds(p))
		same = same && rounds(p) == rounds(players[0])
	}
	if same {
		return ""
	}
	return "every player needs the same number of rounds, but the rounds entered are: " + strings.Join(counts, ", ")
}
