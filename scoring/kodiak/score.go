package kodiak

import "tablemate/scoring"

// Slug is the game's name in URLs (API.md).
const Slug = "kodiak"

// Score validates s and scores it (rulings KOD-1, KOD-2): each round is
// RoundScore, a total is the sum of its rounds (G-1). The game is over once
// cycles × players rounds are entered; then the fewest total wins and ties
// all win (G-2). Totals are computed even for invalid states (G-3).
func Score(s State) scoring.Result {
	r := scoring.NewResult(Slug)
	r.Violations = Validate(s)
	for _, p := range s.Players {
		pr := scoring.PlayerResult{Name: p.Name, Breakdown: []scoring.Line{}, Rounds: make([]int, len(p.Rounds))}
		for j, rd := range p.Rounds {
			pr.Breakdown = append(pr.Breakdown, lines(j, rd)...)
			pr.Rounds[j] = RoundScore(rd)
			pr.Total += pr.Rounds[j]
		}
		r.Players = append(r.Players, pr)
	}
	r.GameOver = len(s.Players) > 0 && roundsEntered(s) >= s.Options.GameRounds(len(s.Players))
	r.Winners = scoring.Lowest(r.Players)
	r.Finish()
	return r
}
