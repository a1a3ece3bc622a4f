package runemarket

import "tablemate/scoring"

// Engine is The Rune Market's scoring.Game, and its guided play through
// the shared loop over Rules (Resume, Guide, the play API's Replay).
type Engine struct {
	scoring.Play[Rules, Position, Step, PlayState]
}

var (
	_ scoring.Game   = Engine{}
	_ scoring.Guided = Engine{}
)

// Info describes The Rune Market for the game list.
func (Engine) Info() scoring.Info {
	return scoring.Info{
		// Who starts, from the rules, The Rune Market: "The winner of the last round always starts. If it is your first round, the youngest player starts.".
		Starts:     scoring.Phrasef("The youngest player starts the first round; after that, the winner of the last round."),
		Slug:       Slug,
		Title:      "The Rune Market",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		// Other titles: the rule text's "The Rune Market". No
		// BoardGameGeek id found for this mode of the Cambio deck.
		AlsoKnownAs: []string{"Rune Market", "The Rune Market"},
		Options: []scoring.Option{{
			Name: "rps_winner",
			Help: "Name of the player who won the final rock-paper-scissors duel (best of 3); needed only when players still tie after boat shelters, bandits and highest number card.",
		}},
	}
}

// Check decodes body and scores it.
func (Engine) Check(body []byte) (scoring.Result, error) {
	s, err := Decode(body)
	if err != nil {
		return scoring.Result{}, err
	}
	return Score(s), nil
}
