// Package alaska checks and scores finished games of Alaska (a Cambio
// game mode) and models the river for guided play. Rulings: ALA-1, CAM-1.
package alaska

import (
	"encoding/json"

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
	var top struct {
		Players []json.RawMessage `json:"players"`
		Options json.RawMessage   `json:"options"`
	}
	if err := scoring.Decode(body, &top, ""); err != nil {
		return State{}, err
	}
	s := State{Players: make([]Player, len(top.Players))}
	names := make([]string, len(top.Players))
	for i, raw := range top.Players {
		if err := scoring.Decode(raw, &s.Players[i], scoring.Index("players", i)); err != nil {
			return State{}, err
		}
		names[i] = s.Players[i].Name
	}
	if err := scoring.CheckNames("players", names); err != nil {
		return State{}, err
	}
	if len(top.Options) > 0 {
		if err := scoring.Decode(top.Options, &s.Options, "options"); err != nil {
			return State{}, err
		}
	}
	return s, nil
}
