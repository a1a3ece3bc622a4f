package alaska

import "tablemate/scoring"

// Slug is the game's name in URLs (API.md).
const Slug = "alaska"

// Score validates s and scores it: 1 point per salmon caught, most wins,
// ties all win (ruling ALA-1). A score check is of a finished game, so
// GameOver is always true; totals are computed even for invalid states
// (ruling G-3).
func Score(s State) scoring.Result {
	r := scoring.NewResult(Slug)
	r.Violations = Validate(s)
	for _, p := range s.Players {
		r.Players = append(r.Players, scoring.PlayerResult{
			Name:      p.Name,
			Total:     p.Salmon,
			Breakdown: []scoring.Line{scoring.Linef(p.Salmon, "salmon caught")},
		})
	}
	r.GameOver = true
	r.Winners = scoring.Highest(r.Players)
	r.Finish()
	return r
}
