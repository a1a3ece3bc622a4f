package kks

import "tablemate/scoring"

// Engine is Koffer, Katze & Sombrero for the registry, API and CLI: the
// score check, and guided play through the shared loop over Rules
// (Resume, Guide, the play API's Replay).
type Engine struct {
	scoring.Play[Rules, Position, Step, PlayState]
}

var (
	_ scoring.Game   = Engine{}
	_ scoring.Guided = Engine{}
)

// MinPlayers and MaxPlayers are how many play (the base game: 2–4).
const MinPlayers, MaxPlayers = 2, 4

// Info describes the game.
func (Engine) Info() scoring.Info {
	return scoring.Info{
		// Who starts, from the rules: "Whoever has the largest suitcase at home starts.".
		Starts: scoring.Phrasef("Whoever has the largest suitcase at home starts."),
		Slug:   Slug, Title: "Koffer, Katze & Sombrero", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers,
		// Other titles: the German "und" and the title without
		// punctuation. No BoardGameGeek id found (Christian Kudahl / Felix
		// Wermke, AMIGO, in the rule text).
		AlsoKnownAs: []string{"Koffer, Katze und Sombrero", "Koffer Katze Sombrero"},
		Options: []scoring.Option{{
			Name: "special_cards",
			Help: "the 3 special cards in play, numbered 1–15 (ruling KKS-6); rule checks then become warnings and players may carry labelled adjustments",
		}},
	}
}

// Check decodes and scores a request body: Score(Decode(body)), without
// building the players' display maps when decodeFast's reading takes the
// body (FuzzCheck holds the two to the same answer).
func (Engine) Check(body []byte) (scoring.Result, error) {
	var buf [4][4]Stack
	if s, ds, ok := decodeStacks(body, buf[:0]); ok {
		return score(s, ds), nil
	}
	s, err := decodeJSON(body)
	if err != nil {
		return scoring.Result{}, err
	}
	return Score(s), nil
}
