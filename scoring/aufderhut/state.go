// Package aufderhut checks and scores finished games of Auf der Hut
// (Magic Hat) and replays guided games step by step. Rulings: ADH-1..5.
package aufderhut

import (
	"encoding/json"

	"tablemate/scoring"
)

// Variants of the game end (ruling ADH-3).
const (
	// Standard ends at the first refill that cannot be done.
	Standard = "standard"
	// ThreeLeft plays on until 3 characters with hats remain; the table
	// declares the end.
	ThreeLeft = "three_left"
)

// Player is one player's collection at the end: characters (each taken with
// its matching hat), wonderhats and bald heads.
type Player struct {
	Name       string `json:"name"`
	Characters int    `json:"characters"`
	Wonderhats int    `json:"wonderhats"`
	BaldHeads  int    `json:"bald_heads"`
}

// Options are the table's choices; Variant is Standard or ThreeLeft.
type Options struct {
	Variant string `json:"variant"`
}

// State is a finished (or disputed) game as the score API receives it
// (options left out when none is set).
type State struct {
	Players []Player `json:"players"`
	Options Options  `json:"options,omitzero"`
}

// Decode reads a score request strictly. Unreadable input is a
// *scoring.InputError naming the field; rule breaks are left to Score.
func Decode(body []byte) (State, error) {
	players, rawOpts, err := scoring.DecodeRequest(body, scoring.DecodeInto[Player], func(p Player) string { return p.Name })
	if err != nil {
		return State{}, err
	}
	opts, err := decodeOptions(rawOpts)
	if err != nil {
		return State{}, err
	}
	return State{Players: players, Options: opts}, nil
}

// decodeOptions reads "options" (absent or null means defaults) and fills
// in the default variant.
func decodeOptions(raw json.RawMessage) (Options, error) {
	var o Options
	if err := scoring.DecodeOptions(raw, &o); err != nil {
		return Options{}, err
	}
	v, err := variant(o.Variant)
	if err != nil {
		return Options{}, err
	}
	o.Variant = v
	return o, nil
}

// variant returns the variant named, Standard for "", or an InputError.
func variant(v string) (string, error) {
	switch v {
	case "":
		return Standard, nil
	case Standard, ThreeLeft:
		return v, nil
	}
	return "", scoring.Errorf("options.variant", "must be %q or %q, not %q", Standard, ThreeLeft, v)
}
