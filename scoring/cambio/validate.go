package cambio

import (
	"fmt"
	"strings"

	"tablemate/scoring"
)

// Player range printed on the rules (ruling CAM-2).
const (
	MinPlayers = 2
	MaxPlayers = 8
)

// Validate lists every rule the state breaks, in a stable order: player
// count, round counts, then round by round.
func Validate(s State) []scoring.Violation {
	v := []scoring.Violation{}
	// ruling CAM-2: Cambio is for 2–8 players.
	if n := len(s.Players); n < MinPlayers || n > MaxPlayers {
		v = append(v, scoring.Violation{
			Code: "player_count", Rule: "CAM-2",
			Message: fmt.Sprintf("Cambio is for %d–%d players, not %d", MinPlayers, MaxPlayers, n),
		})
	}
	// ruling CAM-2: every round is scored for every player.
	if msg := roundCountMismatch(s); msg != "" {
		v = append(v, scoring.Violation{Code: "round_count", Rule: "CAM-2", Message: msg})
	}
	t := tally(s)
	for j := range t.rounds {
		// ruling CAM-2: at most one player calls Cambio per round.
		if callers := callersOf(s, j); len(callers) > 1 {
			v = append(v, scoring.Violation{
				Code: "multiple_callers", Rule: "CAM-2",
				Message: fmt.Sprintf("round %d: %s all called Cambio; only one player may call it per round", j+1, list(callers)),
			})
		}
		// ruling CAM-3: a round ends with a call or with a player who has
		// no table cards left, and the caller's frozen cards stay.
		for _, e := range roundEnd(s, j) {
			switch e.Code {
			case "round_not_ended":
				v = append(v, scoring.Violation{
					Code: "round_not_ended", Rule: "CAM-3",
					Message: fmt.Sprintf("round %d: nobody called Cambio and every player still holds cards (%s); a round ends only with a Cambio call or when a player has no table cards left", j+1, holdings(s, j)),
				})
			case "caller_out":
				name := s.Players[e.Seat].Name
				v = append(v, scoring.Violation{
					Code: "caller_out", Player: name, Rule: "CAM-3",
					Message: fmt.Sprintf("round %d: %s called Cambio but holds no cards; after the call the caller's cards are frozen (nobody may discard them), so the caller still holds at least one at the end of the round", j+1, name),
				})
			}
		}
		// ruling CAM-2: the game ends after the round in which a total
		// reaches the target; no round can follow it.
		if t.end >= 0 && j > t.end {
			v = append(v, scoring.Violation{
				Code: "after_game_end", Rule: "CAM-2",
				Message: fmt.Sprintf("round %d was entered after the game ended: %s reached %d or more in round %d", j+1, list(t.reached), s.Options.Limit(), t.end+1),
			})
		}
	}
	return v
}

func roundCountMismatch(s State) string {
	return scoring.RoundCountMismatch(s.Players, func(p Player) string { return p.Name }, func(p Player) int { return len(p.Rounds) })
}

// holdings lists how many cards each player holds in round j: "Ana 2,
// Ben 1".
func holdings(s State, j int) string {
	var parts []string
	for _, p := range s.Players {
		if j < len(p.Rounds) {
			parts = append(parts, fmt.Sprintf("%s %d", p.Name, len(p.Rounds[j].Cards)))
		}
	}
	return strings.Join(parts, ", ")
}

func callersOf(s State, round int) []string {
	var names []string
	for _, p := range s.Players {
		if round < len(p.Rounds) && p.Rounds[round].Cambio {
			names = append(names, p.Name)
		}
	}
	return names
}

// list joins names for a message: "Ana", "Ana and Ben", "Ana, Ben and Cy".
func list(names []string) string {
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
