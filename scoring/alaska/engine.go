package alaska

import "tablemate/scoring"

// Engine is Alaska's scoring.Game, and its guided play through the shared
// loop over Rules (Resume, Guide, the play API's Replay).
type Engine struct {
	scoring.Play[Rules, Position, Step, PlayState]
}

var (
	_ scoring.Game   = Engine{}
	_ scoring.Guided = Engine{}
)

// Info describes Alaska for the game list.
func (Engine) Info() scoring.Info {
	return scoring.Info{
		// Who starts, from the rules, Alaska: "The oldest player starts when everyone has received four hand cards.".
		Starts:     scoring.Phrasef("The oldest player starts."),
		Slug:       Slug,
		Title:      "Alaska",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		// Other titles: the rule text's "Alaska The Card Game". No
		// BoardGameGeek id found for this mode of the Cambio deck.
		AlsoKnownAs: []string{"Alaska The Card Game", "Alaska Card Game"},
		Options: []scoring.Option{{
			Name: "angler_catch", Values: []string{SwimPast, OnContact}, Default: SwimPast,
			Help: "How anglers catch salmon in play (ruling ALA-2): swim_past, when a flow carries the salmon off the angler's section; on_contact, also when it swims onto or along it. The score counts salmon either way.",
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
