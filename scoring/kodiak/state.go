// Package kodiak checks and scores games of Kodiak The Card Game (a Cambio
// game mode): rounds in which one player is Kodiak, until everyone has been
// Kodiak equally often. Rulings: KOD-1, KOD-2, KOD-3, CAM-1, G-1, G-2,
// G-3.
// Request format and codes: docs/api-kodiak.md.
package kodiak

import (
	"encoding/json"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
)

// Round is one player's end of a round.
type Round struct {
	Kodiak             bool   `json:"kodiak,omitempty"`
	Cards              []Card `json:"cards"`
	Pounces            int    `json:"pounces,omitempty"`             // successful pounces, Kodiak only
	HairballsKept      int    `json:"hairballs_kept,omitempty"`      // hairballs still in the table cards
	HairballsDiscarded int    `json:"hairballs_discarded,omitempty"` // hairballs discarded by accident
}

// Player is one player and their rounds, first round first. Players are
// listed in seating order: the next player is the one to the left.
type Player struct {
	Name   string  `json:"name"`
	Rounds []Round `json:"rounds"`
}

// Cycles bounds: how many times everyone is Kodiak (KOD-1: "the table may
// set more cycles").
const (
	DefaultCycles = 1
	MinCycles     = 1
	MaxCycles     = 20
)

// Options are the table's choices; Options{} is the rule text's game.
type Options struct {
	Cycles int `json:"cycles,omitempty"`
}

// GameRounds returns how many rounds the game has: cycles × players.
func (o Options) GameRounds(players int) int {
	c := o.Cycles
	if c <= 0 {
		c = DefaultCycles
	}
	return c * players
}

// State is a game (finished or not) as the score API receives it.
type State struct {
	Players []Player `json:"players"`
	Options Options  `json:"options"`
}

// Decode reads a score request strictly. Unreadable input — an unknown card
// token, an unknown field, a cycles value outside 1–20 — is a
// *scoring.InputError naming the field, e.g. players[0].rounds[2].cards[1];
// rule breaks are left to Score.
func Decode(body []byte) (State, error) {
	players, rawOpts, err := scoring.DecodeRequest(body, decodePlayer, func(p Player) string { return p.Name })
	if err != nil {
		return State{}, err
	}
	o, err := DecodeOptions(rawOpts)
	if err != nil {
		return State{}, err
	}
	return State{Players: players, Options: o}, nil
}

// DecodeOptions reads a table's options strictly (absent: one cycle): an
// unknown field or cycles outside 1–20 is a *scoring.InputError on
// options.….
func DecodeOptions(raw json.RawMessage) (Options, error) {
	var in struct {
		Cycles *int `json:"cycles"`
	}
	if err := scoring.DecodeOptions(raw, &in); err != nil {
		return Options{}, err
	}
	o := Options{Cycles: DefaultCycles}
	if in.Cycles != nil {
		if *in.Cycles < MinCycles || *in.Cycles > MaxCycles {
			return Options{}, scoring.Errorf("options.cycles", "must be a whole number from %d to %d, not %d", MinCycles, MaxCycles, *in.Cycles)
		}
		o.Cycles = *in.Cycles
	}
	return o, nil
}

func decodePlayer(raw []byte, path string) (Player, error) {
	var in struct {
		Name   string            `json:"name"`
		Rounds []json.RawMessage `json:"rounds"`
	}
	if err := scoring.Decode(raw, &in, path); err != nil {
		return Player{}, err
	}
	p := Player{Name: in.Name, Rounds: make([]Round, len(in.Rounds))}
	for j, rr := range in.Rounds {
		rpath := scoring.Index(scoring.Join(path, "rounds"), j)
		var r struct {
			Kodiak             bool              `json:"kodiak"`
			Cards              []json.RawMessage `json:"cards" decode:"nullable"`
			Pounces            int               `json:"pounces"`
			HairballsKept      int               `json:"hairballs_kept"`
			HairballsDiscarded int               `json:"hairballs_discarded"`
		}
		if err := scoring.Decode(rr, &r, rpath); err != nil {
			return Player{}, err
		}
		cards := make([]Card, len(r.Cards))
		for k, rc := range r.Cards {
			f := scoring.Index(scoring.Join(rpath, "cards"), k)
			var tok string
			if err := scoring.Decode(rc, &tok, f); err != nil {
				return Player{}, err
			}
			c, err := ParseCard(tok)
			if err != nil {
				return Player{}, scoring.Refield(err, f)
			}
			cards[k] = c
		}
		if k := cambio.MixedSum(cards); k >= 0 {
			return Player{}, cambio.SumAloneError(scoring.Index(scoring.Join(rpath, "cards"), k), cards[k])
		}
		p.Rounds[j] = Round{Kodiak: r.Kodiak, Cards: cards, Pounces: r.Pounces,
			HairballsKept: r.HairballsKept, HairballsDiscarded: r.HairballsDiscarded}
	}
	return p, nil
}
