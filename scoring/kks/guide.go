package kks

import (
	"encoding/json"
	"slices"
	"strings"

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
		c, err := ReadCard(scoring.Index("row", i), tok)
		if err != nil {
			return nil, err
		}
		if j := slices.Index(row[:i], c); j >= 0 {
			return nil, scoring.Errorf(scoring.Index("row", i), "the %s %d lies in the row already at position %d; each card exists once (ruling KKS-1)", string(c.Colour), c.Value, j+1)
		}
		row[i] = c
	}
	return row, nil
}

// ReadCard is ParseCard for a form or JSON field: a card that is not one
// is a *scoring.InputError on field with ParseCard's message, kept as a
// format and arguments so a page can say it in its language.
func ReadCard(field, tok string) (Card, error) {
	c, err := ParseCard(tok)
	if err == nil {
		return c, nil
	}
	f := strings.Fields(tok)
	switch {
	case len(f) != 2:
		return Card{}, scoring.Errorf(field, "%q is not a card: write a colour and a value, like \"red 10\"", typed(tok))
	case !validColour(f[0]):
		return Card{}, scoring.Errorf(field, "%q is not a colour: red, yellow, black or blue", typed(f[0]))
	}
	return Card{}, scoring.Errorf(field, "%q is not a card value: 1 to 10", typed(f[1]))
}

// typed is text as the reader typed it. It is not a plain string, so a
// page that translates string arguments which are catalog words (a
// colour such as "red") quotes it as typed.
type typed string

func validColour(s string) bool { _, ok := ParseColour(s); return ok }

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
