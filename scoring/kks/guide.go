package kks

import (
	"encoding/json"
	"slices"
	"strings"

	"tablemate/scoring"
)

// Setup is how a guided game starts: the 7 row cards left to right, as
// the table lays them ("red 10"), and the seat (0-based) that takes the
// first turn: whoever the table chose by the start rule (the largest
// suitcase at home), the first seat when absent; play goes on in seat
// order (ruling KKS-3).
type Setup struct {
	Row   []string `json:"row"`
	First int      `json:"first,omitempty"`
	// Options are the special cards in play (ruling KKS-6), if any: the
	// turns are the base game's, and the final score check takes them
	// (its checks of KKS-2/3/4 become warnings, adjustments are allowed).
	Options *Options `json:"options,omitempty"`
}

// ParseSetup reads a setup; an unreadable or repeated card is a
// *scoring.InputError on row[i].
func ParseSetup(raw []byte) ([]Card, error) {
	_, row, err := readSetup(raw)
	return row, err
}

// readSetup reads a setup and its row's cards; an unreadable or repeated
// card is a *scoring.InputError on row[i], special cards that are not 3
// different ones numbered 1–15 one on options.special_cards.
func readSetup(raw []byte) (Setup, []Card, error) {
	var s Setup
	if err := scoring.Decode(raw, &s, ""); err != nil {
		return s, nil, err
	}
	if s.Options != nil && len(s.Options.SpecialCards) > 0 && !threeSpecialCards(s.Options.SpecialCards) {
		return s, nil, scoring.Errorf("options.special_cards", "a game uses 3 different special cards numbered 1 to 15, not %v", s.Options.SpecialCards)
	}
	row, err := s.cards()
	return s, row, err
}

// specialCards are the setup's special cards in play, nil for none.
func (s Setup) specialCards() []int {
	if s.Options == nil || len(s.Options.SpecialCards) == 0 {
		return nil
	}
	return slices.Clone(s.Options.SpecialCards)
}

// cards reads the row's cards: an unreadable or repeated one is a
// *scoring.InputError on row[i].
func (s Setup) cards() ([]Card, error) {
	row := make([]Card, len(s.Row))
	for i, tok := range s.Row {
		c, err := ReadCard(scoring.Index("row", i), tok)
		if err != nil {
			return nil, err
		}
		if j := slices.Index(row[:i], c); j >= 0 {
			return nil, scoring.Errorf(scoring.Index("row", i), "the %s %d lies in the row already at position %d; each card exists once (ruling KKS-1)", c.Colour.Word(), c.Value, j+1)
		}
		row[i] = c
	}
	return row, nil
}

// ReadCard is ParseCard for a form or JSON field: a card that is not one
// is a *scoring.InputError on field with ParseCard's message, kept as a
// phrase so a page can say it in its language (what was typed is a
// scoring.Name: shown as typed, even when it is a colour's name).
func ReadCard(field, tok string) (Card, error) {
	c, err := ParseCard(tok)
	if err == nil {
		return c, nil
	}
	f := strings.Fields(tok)
	switch {
	case len(f) != 2:
		return Card{}, scoring.Errorf(field, "%q is not a card: write a colour and a value, like \"red 10\"", scoring.Name(tok))
	case !validColour(f[0]):
		return Card{}, scoring.Errorf(field, "%q is not a colour: red, yellow, black or blue", scoring.Name(f[0]))
	}
	return Card{}, scoring.Errorf(field, "%q is not a card value: 1 to 10", scoring.Name(f[1]))
}

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

// Rules are Koffer, Katze & Sombrero's guided play for scoring.Play: the
// setup is the row (Setup), a step a turn (Step).
type Rules struct{}

var _ scoring.Rules[Position, Step, PlayState] = Rules{}

// Start lays the row of a recorded setup (ParseSetup, Start).
func (Rules) Start(players []string, setup []byte) (Position, error) {
	s, row, err := readSetup(setup)
	if err != nil {
		return Position{}, err
	}
	p, err := StartAt(players, row, s.First)
	p.SpecialCards = s.specialCards()
	return p, err
}

// ReadStep reads a step: {"take": 3, "reveal": "blue 7"}.
func (Rules) ReadStep(raw []byte, field string) (Step, error) { return decodeStep(raw, field) }

// Final is the displays as a score-check request, with the special
// cards in play (ruling KKS-6).
func (Rules) Final(p Position) any {
	r := Request{Players: p.View().Players}
	if len(p.SpecialCards) > 0 {
		r.Options = &Options{SpecialCards: slices.Clone(p.SpecialCards)}
	}
	return r
}

// Score checks and scores the displays so far.
func (Rules) Score(p Position) scoring.Result { return Score(p.Final()) }

// ReadRequest reads POST /api/v1/games/koffer-katze-sombrero/play:
// {"players": [...], "row": [...], "steps": [...]}. Names that are not a
// list of players, an unreadable or repeated card, and (once the steps
// are read) a row the rules refuse are *scoring.InputError naming the
// field.
func (Rules) ReadRequest(players []string, setup []byte) (scoring.Request[Position, Step], error) {
	s, row, err := readSetup(setup)
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	names, err := scoring.PlayerList(players)
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	return scoring.Request[Position, Step]{Start: func() (Position, error) {
		pos, err := StartAt(names, row, s.First)
		pos.SpecialCards = s.specialCards()
		if se, ok := err.(*StepError); ok {
			field := "row"
			switch se.Code {
			case "player_count":
				field = "players"
			case "first_seat":
				field = "first"
			}
			return pos, scoring.Errorf(field, "%s", se.Phrase)
		}
		return pos, err
	}}, nil
}
