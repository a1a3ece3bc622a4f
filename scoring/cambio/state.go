// Package cambio checks and scores games of Cambio – The Original, played
// over rounds until someone reaches 50 points. Rulings: CAM-1, CAM-2,
// CAM-3, G-1, G-2, G-3.
package cambio

import (
	"encoding/json"
	"fmt"

	"tablemate/scoring"
)

// Round is one player's end of a round: the table cards turned over (penalty
// cards included) and whether this player called Cambio.
type Round struct {
	Cards  []Card `json:"cards"`
	Cambio bool   `json:"cambio,omitempty"`
}

// Player is one player and their rounds, first round first.
type Player struct {
	Name   string  `json:"name"`
	Rounds []Round `json:"rounds"`
}

// Tie rules for a caller whose sum equals the lowest other sum (CAM-2).
const (
	TieReward  = "reward"  // a tie counts as fewest: −5 (the default)
	TiePenalty = "penalty" // a tie is not fewest: +5
)

// Target bounds: the game ends after the round in which a total reaches
// Target (50 in the rule text; a table may choose 1–1000).
const (
	DefaultTarget = 50
	MinTarget     = 1
	MaxTarget     = 1000
)

// Options are the table's choices. Zero values mean the defaults, so
// Options{} is the rule text's game.
type Options struct {
	CambioTie string `json:"cambio_tie,omitempty"`
	Target    int    `json:"target,omitempty"`
}

// Tie returns the tie rule in force: TieReward or TiePenalty.
func (o Options) Tie() string {
	if o.CambioTie == TiePenalty {
		return TiePenalty
	}
	return TieReward
}

// Limit returns the total that ends the game (DefaultTarget when unset).
func (o Options) Limit() int {
	if o.Target <= 0 {
		return DefaultTarget
	}
	return o.Target
}

// State is a game (finished or not) as the score API receives it.
type State struct {
	Players []Player `json:"players"`
	Options Options  `json:"options"`
}

// Decode reads a score request strictly. Unreadable input — including a
// card token ParseCard cannot read and an unknown option value — is a
// *scoring.InputError naming the field, e.g. players[1].rounds[0].cards[2];
// rule breaks are left to Score.
func Decode(body []byte) (State, error) {
	players, rawOpts, err := scoring.DecodeRequest(body, decodePlayer, func(p Player) string { return p.Name })
	if err != nil {
		return State{}, err
	}
	opts, err := DecodeOptions(rawOpts)
	if err != nil {
		return State{}, err
	}
	return State{Players: players, Options: opts}, nil
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
			Cards  []json.RawMessage `json:"cards" decode:"nullable"`
			Cambio bool              `json:"cambio"`
		}
		if err := scoring.Decode(rr, &r, rpath); err != nil {
			return Player{}, err
		}
		cards, err := decodeCards(r.Cards, scoring.Join(rpath, "cards"))
		if err != nil {
			return Player{}, err
		}
		p.Rounds[j] = Round{Cards: cards, Cambio: r.Cambio}
	}
	return p, nil
}

// decodeCards reads a list of JSON card tokens; an error names the token's
// field, path[k].
func decodeCards(raw []json.RawMessage, path string) ([]Card, error) {
	cards := make([]Card, len(raw))
	for k, rc := range raw {
		f := scoring.Index(path, k)
		var tok string
		if err := scoring.Decode(rc, &tok, f); err != nil {
			return nil, err
		}
		c, err := ParseCard(tok)
		if err != nil {
			return nil, scoring.Refield(err, f)
		}
		cards[k] = c
	}
	if k := MixedSum(cards); k >= 0 {
		return nil, SumAloneError(scoring.Index(path, k), cards[k])
	}
	return cards, nil
}

// MixedSum is the index of a sum token ("sum:N") that shares a hand
// with other tokens, or -1. A sum stands for all of a player's cards at
// once (ruling CAM-1: the table enters the hand's value directly), so it
// is the hand's only token: "sum:17" beside "3" could mean 17 or 20, and
// the checks that count cards (CAM-3, KOD-3) could not tell how many the
// sum stands for. A page refuses both at once too.
func MixedSum[C interface{ IsSum() bool }](cards []C) int {
	if len(cards) < 2 {
		return -1
	}
	for k, c := range cards {
		if c.IsSum() {
			return k
		}
	}
	return -1
}

// IsSum reports whether c is a sum token ("sum:N").
func (c Card) IsSum() bool { return c.Kind == Sum }

// SumAloneError is the input error on field for a sum token c that
// shares its hand with other tokens (MixedSum).
func SumAloneError(field string, c fmt.Stringer) *scoring.InputError {
	return scoring.Errorf(field, "%q stands for all of a player's cards: enter their sum alone, or the cards one by one", scoring.Name(c.String()))
}

// DecodeOptions reads a table's options strictly (absent: the rule
// text's game): an unknown field, a tie rule the game lacks or a target
// outside 1–1000 is a *scoring.InputError on options.….
func DecodeOptions(raw json.RawMessage) (Options, error) {
	var in struct {
		CambioTie *string `json:"cambio_tie"`
		Target    *int    `json:"target"`
	}
	if err := scoring.DecodeOptions(raw, &in); err != nil {
		return Options{}, err
	}
	o := Options{CambioTie: TieReward, Target: DefaultTarget}
	if in.CambioTie != nil {
		switch *in.CambioTie {
		case TieReward, TiePenalty:
			o.CambioTie = *in.CambioTie
		default:
			return Options{}, scoring.Errorf("options.cambio_tie", "must be %q or %q, not %q", TieReward, TiePenalty, *in.CambioTie)
		}
	}
	if in.Target != nil {
		if *in.Target < MinTarget || *in.Target > MaxTarget {
			return Options{}, scoring.Errorf("options.target", "must be a whole number from %d to %d, not %d", MinTarget, MaxTarget, *in.Target)
		}
		o.Target = *in.Target
	}
	return o, nil
}
