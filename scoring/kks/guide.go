package kks

import (
	"encoding/json"
	"slices"

	"tablemate/scoring"
)

var _ scoring.Guided = Engine{}

// Setup is how a guided game starts: the 7 row cards left to right, as
// the table lays them ("red 10").
type Setup struct {
	Row []string `json:"row"`
}

// ParseSetup reads a setup; an unreadable or repeated card is a
// *scoring.InputError on row[i].
func ParseSetup(raw []byte) ([]Card, error) {
	var s Setup
	if err := scoring.Decode(raw, &s, ""); err != nil {
		return nil, err
	}
	row := make([]Card, len(s.Row))
	for i, tok := range s.Row {
		c, err := ParseCard(tok)
		if err != nil {
			return nil, scoring.Errorf(scoring.Index("row", i), "%s", err.Error())
		}
		if j := slices.Index(row[:i], c); j >= 0 {
			return nil, scoring.Errorf(scoring.Index("row", i), "the %s lies in the row already at position %d; each card exists once (ruling KKS-1)", c, j+1)
		}
		row[i] = c
	}
	return row, nil
}

// ParseStep reads one guided step: {"take": 3, "reveal": "blue 7"}.
func ParseStep(raw []byte) (Step, error) {
	return decodeStep(raw, "step")
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	w := map[string]any{"take": s.Take}
	if s.Reveal != nil {
		w["reveal"] = s.Reveal.String()
	}
	b, _ := json.Marshal(w)
	return b
}

// Resume replays a guided game from its setup and steps to the position
// now. The error is an *scoring.InputError for unreadable input or the
// *StepError of the first step the rules refuse.
func Resume(players []string, setup []byte, steps [][]byte) (Position, error) {
	row, err := ParseSetup(setup)
	if err != nil {
		return Position{}, err
	}
	pos, err := Start(players, row)
	if err != nil {
		return Position{}, err
	}
	return scoring.ApplySteps(pos, steps, ParseStep, Position.Apply)
}

// Guide replays a table's guided game (scoring.Guided); once it is over
// the final displays come back as a score-check request.
func (Engine) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	pos, err := Resume(players, setup, steps)
	if err != nil || !pos.Over() {
		return false, nil, err
	}
	final, err := json.Marshal(map[string]any{"players": pos.View().Players})
	return true, final, err
}
