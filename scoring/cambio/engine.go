package cambio

import (
	"strconv"

	"tablemate/scoring"
)

// Engine is Cambio's scoring.Game, scored round by round
// (scoring.Rounds), and its guided play through the shared loop over
// Rules (Resume, Guide, the play API's Replay).
type Engine struct {
	scoring.Play[Rules, Position, Step, PlayState]
}

var (
	_ scoring.Game       = Engine{}
	_ scoring.Guided     = Engine{}
	_ scoring.Rounds     = Engine{}
	_ scoring.RoundFacts = Engine{}
)

// Info describes Cambio for the game list.
func (Engine) Info() scoring.Info {
	return scoring.Info{
		// Who starts, from the rules, Cambio I: "The youngest player starts as the dealer.".
		Starts:     scoring.Phrasef("The youngest player starts as the dealer."),
		Slug:       Slug,
		Title:      "Cambio",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		LowestWins: true,
		// Other titles: the rule text's "Cambio – The Original". No
		// BoardGameGeek id found for the 76-card deck ("Cambio" is also a
		// folk game with standard cards, so a BGG entry named Cambio need
		// not be this deck).
		AlsoKnownAs: []string{"Cambio – The Original", "Cambio The Original", "Cambio Card Game"},
		Options: []scoring.Option{
			{
				Name: "cambio_tie", Values: []string{TieReward, TiePenalty}, Default: TieReward,
				Help: "A Cambio caller tied for the fewest points: reward (−5, counts as fewest) or penalty (+5).",
			},
			{
				Name: "target", Default: strconv.Itoa(DefaultTarget),
				Help: "The game ends after the round in which someone reaches this total (1–1000).",
			},
		},
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
