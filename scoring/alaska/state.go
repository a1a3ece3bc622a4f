// Package alaska checks and scores finished games of Alaska (a Cambio
// game mode) and models the river for guided play. Rulings: ALA-1, CAM-1.
package alaska

import (
	"tablemate/scoring"
)

// Player is one angler at the table and the salmon cards they caught.
type Player struct {
	Name   string `json:"name"`
	Salmon int    `json:"salmon"`
}

// Options are the table's choices. Alaska has none that change the score;
// the object is accepted so every game shares the same envelope.
type Options struct{}

// State is a finished (or disputed) game as the score API receives it.
type State struct {
	Players []Player `json:"players"`
	Options Options  `json:"options"`
}

// Decode reads a score request strictly. Unreadable input is a
// *scoring.InputError naming the field; rule breaks are left to Score.
func Decode(body []byte) (State, error) {
	players, rawOpts, err := scoring.DecodeRequest(body, scoring.DecodeInto[Player], func(p Player) string { return p.Name })
	if err != nil {
		return State{}, err
	}
	s := State{Players: players}
	return s, scoring.DecodeOptions(rawOpts, &s.Options)
}
