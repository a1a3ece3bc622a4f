package cambio

import "tablemate/scoring"

var _ scoring.Ruled = Engine{}

// Rulebook returns the game's rulings (RULINGS.md) and the numbers of its
// rules no page or store may write out: they read the constants here.
func (Engine) Rulebook() scoring.Rulebook {
	return scoring.Rulebook{
		Rulings: []scoring.Ruling{
			{ID: "CAM-2", Summary: "One caller per round: −5 if nobody is lower, else +5. The game ends after a round in which someone reaches 50; fewest points wins."},
			{ID: "CAM-3", Summary: "A round ends with a Cambio call or when a player has no cards left; the caller's cards are frozen, so the caller keeps at least one."},
		},
		Numbers: []scoring.RuleNumber{
			{What: "Cambio's target score (cambio.DefaultTarget)", Value: DefaultTarget, Ruling: "CAM-2", Words: []string{"target", "goal", "closest", "cambio", "from", "reach"}},
			{What: "Cambio's caller bonus (cambio.CallerPenalty, CallerReward)", Value: CallerPenalty, Ruling: "CAM-2", Words: []string{"caller", "call", "penalty", "reward"}},
			{What: "Cambio's cards dealt (cambio.Dealt)", Value: Dealt, Ruling: "", Words: []string{"dealt", "deal", "hand"}},
		},
	}
}
