package alaska

import (
	"encoding/json"
	"slices"
	"strings"

	"tablemate/scoring"
)

var _ scoring.Guided = Engine{}

// Setup is how a guided game starts: the oldest player, who starts ("" =
// the first seat), and the cards left in the draw pile after dealing (nil
// = the whole deck without the river and the hands, ruling CAM-1).
type Setup struct {
	First    string `json:"first,omitempty"`
	DrawPile *int   `json:"draw_pile,omitempty"`
}

// ParseSetup reads a setup strictly; unreadable input is a
// *scoring.InputError naming the field.
func ParseSetup(raw []byte) (Setup, error) {
	var s Setup
	if len(strings.TrimSpace(string(raw))) == 0 {
		return s, nil
	}
	if err := scoring.Decode(raw, &s, ""); err != nil {
		return Setup{}, err
	}
	s.First = strings.TrimSpace(s.First)
	return s, nil
}

// ParseStep reads one guided step, e.g. {"do":"cast","cards":[1,3]}. An
// unknown field or action is a *scoring.InputError naming it.
func ParseStep(raw []byte) (Step, error) {
	var s Step
	if err := scoring.Decode(raw, &s, "step"); err != nil {
		return Step{}, err
	}
	if !slices.Contains(Actions, s.Do) {
		return Step{}, scoring.Errorf("step.do", "%q is not a move of Alaska (salmon, flow, cast, angler, eagle, bear, bear_eat, end)", s.Do)
	}
	return s, nil
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	b, _ := json.Marshal(s)
	return b
}

// Resume replays a guided game from its setup and steps to the position
// now. The error is a *scoring.InputError for unreadable input or the
// *StepError of the first step the rules refuse (the position before it
// comes back with it).
func Resume(players []string, setup []byte, steps [][]byte) (Position, error) {
	s, err := ParseSetup(setup)
	if err != nil {
		return Position{}, err
	}
	pos, serr := Start(players, s.First, s.DrawPile)
	if serr != nil {
		return Position{}, serr
	}
	for _, raw := range steps {
		st, err := ParseStep(raw)
		if err != nil {
			return pos, err
		}
		next, serr := pos.Apply(st)
		if serr != nil {
			return pos, serr
		}
		pos = next
	}
	return pos, nil
}

// Guide replays a table's guided game (scoring.Guided). Once every player
// has had their final turn, the salmon caught come back as a score-check
// request.
func (Engine) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	pos, err := Resume(players, setup, steps)
	if err != nil || !pos.Over() {
		return false, nil, err
	}
	final, err := json.Marshal(map[string]any{"players": pos.Final()})
	return true, final, err
}
