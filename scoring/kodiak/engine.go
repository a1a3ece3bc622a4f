package kodiak

import (
	"strconv"

	"tablemate/scoring"
)

// Engine is Kodiak's scoring.Game.
type Engine struct{}

var _ scoring.Game = Engine{}

// Info describes Kodiak for the game list.
func (Engine) Info() scoring.Info {
	return scoring.Info{
		Slug:       Slug,
		Title:      "Kodiak",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		LowestWins: true,
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
