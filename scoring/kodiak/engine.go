package kodiak

import (
	"strconv"

	"tablemate/scoring"
)

// Engine is Kodiak's scoring.Game, scored round by round
// (scoring.Rounds), and its guided play through the shared loop over
// Rules (Resume, Guide, the play API's Replay).
type Engine struct {
	scoring.Play[Rules, Position, Step, PlayState]
}

var (
	_ scoring.Game   = Engine{}
	_ scoring.Guided = Engine{}
)

// Info describes Kodiak for the game list.
func (Engine) Info() scoring.Info {
	return scoring.Info{
		// Who starts, from the rules, Kodiak II: "The youngest player starts as Kodiak.".
		Starts:     scoring.Phrasef("The youngest player starts as Kodiak."),
		Slug:       Slug,
		Title:      "Kodiak",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		LowestWins: true,
		// Other titles: the rule text's "Kodiak The Card Game". No
		// BoardGameGeek id found for this mode of the Cambio deck.
		AlsoKnownAs: []string{"Kodiak The Card Game", "Kodiak Card Game"},
		Options: []scoring.Option{{
			Name: "cycles", Default: strconv.Itoa(DefaultCycles),
			Help: "How many times everyone is Kodiak (1–20); the game has cycles × players rounds.",
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
