package kociaki

import "tablemate/scoring"

// Engine is Kociaki Łobuziaki's scoring.Game, and its guided play
// through the shared loop over Rules (Resume, Guide, the play API's
// Replay).
type Engine struct {
	scoring.Play[Rules, Position, Step, PlayState]
}

var (
	_ scoring.Game   = Engine{}
	_ scoring.Guided = Engine{}
)

// Info describes the game for GET /api/v1/games.
func (Engine) Info() scoring.Info {
	return scoring.Info{
		// Who starts, from the rules, setup H: the player who has recently pet a cat is the starting player.
		Starts:     scoring.Phrasef("The player who most recently pet a cat starts."),
		Slug:       Slug,
		Title:      "Kociaki Łobuziaki",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		// Other titles: the title without Polish letters. No
		// BoardGameGeek id found (Jeffrey D. Allers, Nasza Księgarnia 2018).
		AlsoKnownAs: []string{"Kociaki Lobuziaki"},
		Options: []scoring.Option{
			{Name: "variant", Values: []string{Basic, Experienced}, Default: Basic,
				Help: "experienced: +1 point for each type of toy collected, 15 for all 10 types"},
			{Name: "all_types_bonus", Values: []string{Instead, Additional}, Default: Instead,
				Help: "experienced variant, all 10 toy types: instead = 15 in place of the 10 type points; additional = 10 + 15"},
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
