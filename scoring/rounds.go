package scoring

import (
	"fmt"
	"strings"
)

// RoundCountMismatch explains, for round-based games, players whose lists
// of rounds differ in length (the zero Phrase when they all have the same
// number).
func RoundCountMismatch[P any](players []P, name func(P) string, rounds func(P) int) Phrase {
	if len(players) == 0 {
		return Phrase{}
	}
	counts := make([]string, len(players))
	same := true
	for i, p := range players {
		counts[i] = fmt.Sprintf("%s %d", name(p), rounds(p))
		same = same && rounds(p) == rounds(players[0])
	}
	if same {
		return Phrase{}
	}
	return Phrasef("every player needs the same number of rounds, but the rounds entered are: %s", Name(strings.Join(counts, ", ")))
}
