package aufderhut

import "tablemate/scoring"

// Engine is Auf der Hut's scoring.Game, and its guided play through the
// shared loop over Rules (Resume, Guide, the play API's Replay).
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
		// Who starts, from the rules: "The player who last wore a hat begins.".
		Starts:     scoring.Phrasef("The player who last wore a hat begins."),
		Slug:       Slug,
		Title:      "Auf der Hut",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		// Other titles: RULINGS.md ("Auf der Hut (Magic Hat)") and the
		// publisher's page (trehgrannik.com/en/cap_of_invisibility: "Magic
		// Hat", "Шапка-невидимка", "Cap of Invisibility"). No
		// BoardGameGeek id found (Konnov, Paltsev, Shklyarov).
		AlsoKnownAs: []string{"Magic Hat", "Cap of Invisibility", "Шапка-невидимка", "Auf der Hut (Magic Hat)"},
		Options: []scoring.Option{{
			Name:    "variant",
			Values:  []string{Standard, ThreeLeft},
			Default: Standard,
			Help:    "standard: the game ends at the first refill that cannot be done; three_left: play on until only 3 characters with hats remain (agree before the game)",
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
