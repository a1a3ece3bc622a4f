package kks

import (
	"encoding/json"

	"tablemate/scoring"
)

// PlayState is a position as the play API shows it. Players are in the
// /score request's shape, so a finished state can be posted to /score.
type PlayState struct {
	Row       []RowJSON    `json:"row"`
	DeckLeft  int          `json:"deck_left"`
	Turn      int          `json:"turn"`   // the turn being played, 1-based; the last one once over
	Player    string       `json:"player"` // the player to move, "" once over
	LastRound bool         `json:"last_round"`
	GameOver  bool         `json:"game_over"`
	Players   []PlayerJSON `json:"players"`
	// SpecialCards are the special cards in play (ruling KKS-6), if any.
	SpecialCards []int `json:"special_cards,omitempty"`
}

// RowJSON is one row card as the play API shows it.
type RowJSON struct {
	Card   string `json:"card"`
	Tokens int    `json:"tokens"`
}

// Request is a score-check request as API.md writes it, for building
// one (the result editor, a finished guided game); Decode reads it.
type Request struct {
	Players []PlayerJSON `json:"players"`
	Options *Options     `json:"options,omitempty"`
}

// Options are a request's options: the special cards in play (ruling
// KKS-6).
type Options struct {
	SpecialCards []int `json:"special_cards,omitempty"`
}

// PlayerJSON is one player as the /score request writes it: supply and
// display stacks in the stack notation ("" or missing if empty) and the
// special-card adjustments.
type PlayerJSON struct {
	Name        string            `json:"name"`
	Tokens      int               `json:"tokens"`
	Display     map[string]string `json:"display"`
	Adjustments []Adjustment      `json:"adjustments,omitempty"`
}

// View is the position as the play API shows it.
func (p Position) View() PlayState {
	v := PlayState{Row: []RowJSON{}, DeckLeft: p.DeckLeft, Turn: p.Turn(), Player: p.ToMove(),
		LastRound: p.LastRound(), GameOver: p.Over(), Players: []PlayerJSON{}, SpecialCards: p.SpecialCards}
	for _, r := range p.Row {
		v.Row = append(v.Row, RowJSON{Card: r.Card.String(), Tokens: r.Tokens})
	}
	for _, s := range p.Players {
		pj := PlayerJSON{Name: s.Name, Tokens: s.Tokens, Display: map[string]string{}}
		for _, c := range Colours() {
			pj.Display[string(c)] = s.Display[c].String()
		}
		v.Players = append(v.Players, pj)
	}
	return v
}

// WireStep is a step as sent (docs/api-koffer-katze-sombrero-play.md).
type WireStep struct {
	Take   *int    `json:"take"`
	Reveal *string `json:"reveal"`
}

// decodeStep reads one step strictly: take is required, reveal is a card
// or missing/null.
func decodeStep(raw json.RawMessage, field string) (Step, error) {
	var w WireStep
	if err := scoring.Decode(raw, &w, field); err != nil {
		return Step{}, err
	}
	if w.Take == nil {
		return Step{}, scoring.Errorf(scoring.Join(field, "take"), "a step names the row position taken (1 is the free card)")
	}
	s := Step{Take: *w.Take}
	if w.Reveal != nil {
		c, err := ReadCard(scoring.Join(field, "reveal"), *w.Reveal)
		if err != nil {
			return Step{}, err
		}
		s.Reveal = &c
	}
	return s, nil
}
