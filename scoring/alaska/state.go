// Package alaska checks and scores finished games of Alaska (a Cambio
// game mode) and models the river for guided play. Rulings: ALA-1, ALA-2,
// ALA-3, ALA-4, CAM-1.
package alaska

import (
	"tablemate/scoring"
)

// Player is one angler at the table and the salmon cards they caught.
type Player struct {
	Name   string `json:"name"`
	Salmon int    `json:"salmon"`
}

// Options are the table's choices. None changes the score (salmon are
// counted either way); AnglerCatch says how the anglers caught salmon in
// play, so a recorded game keeps the reading it was played with.
type Options struct {
	// AnglerCatch is ruling ALA-2's reading: SwimPast ("" too, the
	// default) or OnContact.
	AnglerCatch string `json:"angler_catch,omitempty"`
}

// The readings of ruling ALA-2, options.angler_catch.
const (
	// SwimPast: an angler catches a salmon on the flow step that carries
	// it off the angler's section (the default).
	SwimPast = "swim_past"
	// OnContact: an angler also catches a salmon that swims onto or
	// along its section.
	OnContact = "on_contact"
)

// OnContact reports whether the table plays ALA-2's other reading.
func (o Options) OnContact() bool { return o.AnglerCatch == OnContact }

// DecodeOptions reads Alaska's options strictly (an unknown field or
// angler_catch value is a *scoring.InputError on options.…); "swim_past"
// is kept as "" so both spellings of the default compare equal.
func DecodeOptions(raw []byte) (Options, error) {
	var o Options
	if err := scoring.DecodeOptions(raw, &o); err != nil {
		return Options{}, err
	}
	switch o.AnglerCatch {
	case "", SwimPast:
		o.AnglerCatch = ""
	case OnContact:
	default:
		return Options{}, scoring.Errorf("options.angler_catch", "must be %q or %q, not %q", SwimPast, OnContact, o.AnglerCatch)
	}
	return o, nil
}

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
	opts, err := DecodeOptions(rawOpts)
	if err != nil {
		return State{}, err
	}
	return State{Players: players, Options: opts}, nil
}
