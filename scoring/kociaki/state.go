// Package kociaki checks and scores finished games of Kociaki Łobuziaki:
// toy chips per player, the toy piles they came from, the experienced
// variant's type bonus and the string-left tie-break. Rulings: KOC-1..5.
package kociaki

import (
	"encoding/json"

	"tablemate/scoring"
)

// Variants and all-types bonus choices (ruling KOC-4).
const (
	Basic       = "basic"
	Experienced = "experienced"
	// Instead: all 10 types give 15 in place of the 10 one-point bonuses.
	Instead = "instead"
	// Additional: all 10 types give 10 + 15.
	Additional = "additional"
)

// Player is one player's chips at the end. Chips maps the toy number as
// written ("1"–"10") to the chip values taken; StringLeft (any unit, more is
// more string) is optional and only breaks ties (ruling KOC-5).
type Player struct {
	Name       string           `json:"name"`
	Chips      map[string][]int `json:"chips"`
	StringLeft *float64         `json:"string_left,omitempty"`
}

// Options are the table's choices.
type Options struct {
	Variant       string `json:"variant"`
	AllTypesBonus string `json:"all_types_bonus"`
}

// State is a finished game as the score API receives it.
type State struct {
	Players []Player `json:"players"`
	Options Options  `json:"options"`
}

// Decode reads a score request strictly. Unreadable input (including a
// chip that is not a whole number) is a *scoring.InputError naming the
// field; a toy key or chip value the game does not have is left to Score.
func Decode(body []byte) (State, error) {
	players, rawOpts, err := scoring.DecodeRequest(body, decodePlayer, func(p Player) string { return p.Name })
	if err != nil {
		return State{}, err
	}
	o, err := decodeOptions(rawOpts)
	if err != nil {
		return State{}, err
	}
	return State{Players: players, Options: o}, nil
}

// decodePlayer reads one player; chip lists are decoded one toy at a time
// so an error names the toy ("players[1].chips.4").
func decodePlayer(raw []byte, field string) (Player, error) {
	var p struct {
		Name       string                     `json:"name"`
		Chips      map[string]json.RawMessage `json:"chips"`
		StringLeft *float64                   `json:"string_left"`
	}
	if err := scoring.Decode(raw, &p, field); err != nil {
		return Player{}, err
	}
	out := Player{Name: p.Name, StringLeft: p.StringLeft, Chips: make(map[string][]int, len(p.Chips))}
	for toy, list := range p.Chips {
		var values []int
		if err := scoring.Decode(list, &values, scoring.Join(field, "chips."+toy)); err != nil {
			return Player{}, err
		}
		out.Chips[toy] = values
	}
	if p.StringLeft != nil && *p.StringLeft < 0 {
		return Player{}, scoring.Errorf(scoring.Join(field, "string_left"), "must be 0 or more (the string left on the spool)")
	}
	return out, nil
}

// decodeOptions reads "options" (absent or null means defaults), checks
// the allowed values and fills in the defaults.
func decodeOptions(raw json.RawMessage) (Options, error) {
	var o Options
	if err := scoring.DecodeOptions(raw, &o); err != nil {
		return Options{}, err
	}
	o.Variant = or(o.Variant, Basic)
	o.AllTypesBonus = or(o.AllTypesBonus, Instead)
	if o.Variant != Basic && o.Variant != Experienced {
		return Options{}, scoring.Errorf("options.variant", "must be %q or %q, not %q", Basic, Experienced, o.Variant)
	}
	if o.AllTypesBonus != Instead && o.AllTypesBonus != Additional {
		return Options{}, scoring.Errorf("options.all_types_bonus", "must be %q or %q, not %q", Instead, Additional, o.AllTypesBonus)
	}
	return o, nil
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
