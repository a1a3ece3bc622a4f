package runemarket

import (
	"encoding/json"
	"slices"
	"strings"

	"tablemate/scoring"
)

var _ scoring.Guided = Engine{}

// Setup is how a guided game starts: the market as laid out (its piles of
// red and blue runes, boat shelters and bandits, counted by the table) and
// the player who starts.
type Setup struct {
	Market Market `json:"market"`
	First  string `json:"first"`
}

// ParseSetup reads a setup strictly; unreadable input is a
// *scoring.InputError naming the field.
func ParseSetup(raw []byte) (Setup, error) {
	var top struct {
		Market json.RawMessage `json:"market"`
		First  string          `json:"first"`
	}
	if err := scoring.Decode(raw, &top, ""); err != nil {
		return Setup{}, err
	}
	s := Setup{First: top.First}
	if len(top.Market) > 0 {
		// Decoded on its own so an unknown pile names its full path.
		if err := scoring.Decode(top.Market, &s.Market, "market"); err != nil {
			return Setup{}, err
		}
	}
	s.First = strings.TrimSpace(s.First)
	return s, nil
}

// actions are the steps ParseStep accepts.
var actions = []Action{DoInterest, DoBuy, DoRansom, DoPlace, DoRune, DoShelter, DoThief, DoDoubleTheft, DoDuel, DoDraw, DoFinish}

// ParseStep reads one guided step, e.g. {"do":"rune","cards":[2,3],"colour":"red"}.
// An unknown field or action is a *scoring.InputError naming it.
func ParseStep(raw []byte) (Step, error) {
	var s Step
	if err := scoring.Decode(raw, &s, "step"); err != nil {
		return Step{}, err
	}
	if !slices.Contains(actions, s.Do) {
		return Step{}, scoring.Errorf("step.do", "%q is not a move of The Rune Market", s.Do)
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
	pos, serr := Start(players, s.Market, s.First)
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

// Guide replays a table's guided game (scoring.Guided). Once the market's
// last rune is taken and the tie-break chain has every fact it needs, the
// final ledgers come back as a score-check request.
func (Engine) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	pos, err := Resume(players, setup, steps)
	if err != nil || !pos.Over() {
		return false, nil, err
	}
	final, err := json.Marshal(pos.Final())
	return true, final, err
}
