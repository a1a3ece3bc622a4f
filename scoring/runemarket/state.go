// Package runemarket checks and scores finished games of The Rune Market
// (a Cambio game mode) and answers the market's rules for guided play:
// prices, purchases and interest. Rulings: RUN-1, RUN-2, G-2, CAM-1.
package runemarket

import (
	"encoding/json"
	"strings"

	"tablemate/scoring"
)

// Rune and shelter colours.
const (
	Red  = "red"
	Blue = "blue"
)

// Runes counts red and blue runes.
type Runes struct {
	Red  int `json:"red"`
	Blue int `json:"blue"`
}

// Shelter is a main shelter on a player's table: its colour, the runes of
// that colour inside, whether a boat shelter sits in it, and the name of the
// player who bought the bandit sitting in it ("" when there is none).
type Shelter struct {
	Colour      string `json:"colour"`
	Runes       int    `json:"runes"`
	BoatShelter bool   `json:"boat_shelter,omitempty"`
	Bandit      string `json:"bandit,omitempty"`
}

// BoatShelter is a stand-alone boat shelter used as a main shelter. Its
// colour is set by the first rune put in it; "" while it holds none.
type BoatShelter struct {
	Colour string `json:"colour,omitempty"`
	Runes  int    `json:"runes"`
}

// Player is one player's table at the end, plus the highest number card in
// hand (nil when not entered; 0 when the hand holds no number card).
type Player struct {
	Name              string        `json:"name"`
	Shelters          []Shelter     `json:"shelters"`
	BoatShelters      []BoatShelter `json:"boat_shelters"`
	Runes             Runes         `json:"runes"`
	HighestNumberCard *int          `json:"highest_number_card,omitempty"`
}

// Options are the table's choices: RPSWinner names the winner of the final
// rock-paper-scissors tie-break once it has been played (ruling RUN-1).
type Options struct {
	RPSWinner string `json:"rps_winner,omitempty"`
}

// State is a finished (or disputed) game as the score API receives it.
type State struct {
	Players []Player `json:"players"`
	Options Options  `json:"options"`
}

// Decode reads a score request strictly. Unreadable input (including a
// colour other than red or blue) is a *scoring.InputError naming the field;
// rule breaks are left to Score.
func Decode(body []byte) (State, error) {
	players, rawOpts, err := scoring.DecodeRequest(body, decodePlayer, func(p Player) string { return p.Name })
	if err != nil {
		return State{}, err
	}
	s := State{Players: players}
	return s, scoring.DecodeOptions(rawOpts, &s.Options)
}

// decodePlayer reads one player; shelters are decoded one by one so an
// error names its index (players[0].shelters[1].runes).
func decodePlayer(data []byte, prefix string) (Player, error) {
	var raw struct {
		Name              string            `json:"name"`
		Shelters          []json.RawMessage `json:"shelters"`
		BoatShelters      []json.RawMessage `json:"boat_shelters"`
		Runes             json.RawMessage   `json:"runes"`
		HighestNumberCard *int              `json:"highest_number_card"`
	}
	if err := scoring.Decode(data, &raw, prefix); err != nil {
		return Player{}, err
	}
	p := Player{Name: raw.Name, HighestNumberCard: raw.HighestNumberCard,
		Shelters: []Shelter{}, BoatShelters: []BoatShelter{}}
	if len(raw.Runes) > 0 {
		// Decoded on its own so an unknown colour names its full path.
		if err := scoring.Decode(raw.Runes, &p.Runes, scoring.Join(prefix, "runes")); err != nil {
			return Player{}, err
		}
	}
	for j, rs := range raw.Shelters {
		field := scoring.Index(scoring.Join(prefix, "shelters"), j)
		var sh Shelter
		if err := scoring.Decode(rs, &sh, field); err != nil {
			return Player{}, err
		}
		c, ok := colour(sh.Colour)
		if !ok {
			return Player{}, scoring.Errorf(scoring.Join(field, "colour"), "a shelter is %q or %q, not %q", Red, Blue, sh.Colour)
		}
		sh.Colour = c
		sh.Bandit = strings.TrimSpace(sh.Bandit)
		p.Shelters = append(p.Shelters, sh)
	}
	for j, rb := range raw.BoatShelters {
		field := scoring.Index(scoring.Join(prefix, "boat_shelters"), j)
		var b BoatShelter
		if err := scoring.Decode(rb, &b, field); err != nil {
			return Player{}, err
		}
		c, ok := colour(b.Colour)
		switch {
		case b.Colour == "" && b.Runes > 0:
			return Player{}, scoring.Errorf(scoring.Join(field, "colour"), "a boat shelter holding runes needs their colour, %q or %q", Red, Blue)
		case b.Colour != "" && !ok:
			return Player{}, scoring.Errorf(scoring.Join(field, "colour"), "a boat shelter is %q or %q, not %q", Red, Blue, b.Colour)
		}
		b.Colour = c
		p.BoatShelters = append(p.BoatShelters, b)
	}
	return p, nil
}

// colour reads a colour name, forgiving case and spaces.
func colour(s string) (string, bool) {
	switch c := strings.ToLower(strings.TrimSpace(s)); c {
	case Red, Blue:
		return c, true
	}
	return "", false
}
