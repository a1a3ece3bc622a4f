package kodiak

import (
	"encoding/json"
	"strings"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
)

var (
	_ scoring.Rounds     = Engine{}
	_ scoring.RoundFacts = Engine{}
)

// RoundEntry is one round as a table enters it (docs/api-rounds.md): each
// player's end of the round. Options are read only when the round starts
// a game; a later round's options must be readable but the game keeps the
// options it started with.
type RoundEntry struct {
	Players []RoundPlayer `json:"players"`
	Options *Options      `json:"options,omitempty"`
}

// RoundPlayer is one player's end of a round.
type RoundPlayer struct {
	Name string `json:"name"`
	Round
}

// Notes tells who was the Kodiak in a recorded round (scoring.RoundFacts).
func (Engine) Notes(round []byte) ([]scoring.Phrase, error) {
	r, _, err := DecodeRound(round)
	if err != nil {
		return nil, err
	}
	var out []scoring.Phrase
	for _, p := range r.Players {
		if p.Kodiak {
			out = append(out, scoring.Phrasef("%s was the Kodiak", scoring.Name(p.Name)))
		}
	}
	return out, nil
}

// Target is 0: no total ends a game of Kodiak, the rounds do (ruling
// KOD-1; scoring.RoundFacts).
func (Engine) Target([]byte) int { return 0 }

// AppendRound adds one round to state (scoring.Rounds). A nil or empty
// state starts a game with the round's players in the round's order (the
// seating order Kodiak passes in) and the round's options; a later round
// must name exactly the game's players, in any order. Unreadable input is
// a *scoring.InputError naming the field, e.g. round.players[1].cards[2] or
// round.players[0].pounces. Rule breaks (two Kodiaks, a mouse's pounce,
// a negative count) are left to Score.
func (Engine) AppendRound(state, round []byte) ([]byte, error) {
	s, r, seat, err := roundOn(state, round)
	if err != nil {
		return nil, err
	}
	for k, p := range r.Players {
		i := seat[k]
		s.Players[i].Rounds = append(s.Players[i].Rounds, p.Round)
	}
	return json.Marshal(s)
}

// ReplaceRound corrects round n (1-based) of state
// (scoring.RoundCorrector): the round, in AppendRound's format, must name
// exactly the game's players (in any order); the game keeps its options.
// Who is Kodiak is the corrected round's say (KOD-1 checks it).
func (Engine) ReplaceRound(state []byte, n int, round []byte) ([]byte, error) {
	s, r, seat, err := roundOn(state, round)
	if err != nil {
		return nil, err
	}
	for k, p := range r.Players {
		i := seat[k]
		if n < 1 || n > len(s.Players[i].Rounds) {
			return nil, scoring.Errorf("round", "the game has no round %d", n)
		}
		s.Players[i].Rounds[n-1] = p.Round
	}
	return json.Marshal(s)
}

// roundOn reads a round and the game it goes to (a nil or empty state
// starts one with the round's players, in the round's order, and
// options) and matches the round's players to the game's seats.
func roundOn(state, round []byte) (State, RoundEntry, []int, error) {
	r, opts, err := DecodeRound(round)
	if err != nil {
		return State{}, r, nil, err
	}
	var s State
	if len(state) == 0 {
		s.Options = opts
		for _, p := range r.Players {
			s.Players = append(s.Players, Player{Name: strings.TrimSpace(p.Name), Rounds: []Round{}})
		}
	} else if s, err = Decode(state); err != nil {
		return s, r, nil, scoring.Errorf("state", "the game so far cannot be read: %s", scoring.ErrorText(err))
	}
	game := make([]string, len(s.Players))
	for i, p := range s.Players {
		game[i] = p.Name
	}
	entered := make([]string, len(r.Players))
	for k, p := range r.Players {
		entered[k] = p.Name
	}
	seat, err := cambio.MatchSeats("round.players", game, entered)
	return s, r, seat, err
}

// DecodeRound reads a round strictly: unknown fields, wrong types,
// unreadable card tokens and options are *scoring.InputError on paths below
// "round" (round.players[1].cards[2], round.options.cycles). It also
// returns the options in force for a game the round starts.
func DecodeRound(body []byte) (RoundEntry, Options, error) {
	players, rawOpts, err := scoring.DecodeRequestAt(body, "round", decodeRoundPlayer, func(p RoundPlayer) string { return p.Name })
	if err != nil {
		return RoundEntry{}, Options{}, err
	}
	if len(players) == 0 {
		return RoundEntry{}, Options{}, scoring.Errorf("round.players", "a round lists every player at the table")
	}
	r := RoundEntry{Players: players}
	opts := Options{Cycles: DefaultCycles}
	if len(rawOpts) > 0 && string(rawOpts) != "null" {
		var o struct {
			Cycles *int `json:"cycles"`
		}
		if err := scoring.DecodeOptionsAt(rawOpts, &o, "round.options"); err != nil {
			return RoundEntry{}, Options{}, err
		}
		if o.Cycles != nil {
			if *o.Cycles < MinCycles || *o.Cycles > MaxCycles {
				return RoundEntry{}, Options{}, scoring.Errorf("round.options.cycles", "must be a whole number from %d to %d, not %d", MinCycles, MaxCycles, *o.Cycles)
			}
			opts.Cycles = *o.Cycles
		}
		r.Options = &opts
	}
	return r, opts, nil
}

// decodeRoundPlayer reads one player's part of a round.
func decodeRoundPlayer(raw []byte, path string) (RoundPlayer, error) {
	var in struct {
		Name               string            `json:"name"`
		Kodiak             bool              `json:"kodiak"`
		Cards              []json.RawMessage `json:"cards" decode:"nullable"`
		Pounces            int               `json:"pounces"`
		HairballsKept      int               `json:"hairballs_kept"`
		HairballsDiscarded int               `json:"hairballs_discarded"`
	}
	if err := scoring.Decode(raw, &in, path); err != nil {
		return RoundPlayer{}, err
	}
	cards := make([]Card, len(in.Cards))
	for k, rc := range in.Cards {
		f := scoring.Index(scoring.Join(path, "cards"), k)
		var tok string
		if err := scoring.Decode(rc, &tok, f); err != nil {
			return RoundPlayer{}, err
		}
		c, err := ParseCard(tok)
		if err != nil {
			return RoundPlayer{}, scoring.Refield(err, f)
		}
		cards[k] = c
	}
	if k := cambio.MixedSum(cards); k >= 0 {
		return RoundPlayer{}, cambio.SumAloneError(scoring.Index(scoring.Join(path, "cards"), k), cards[k])
	}
	return RoundPlayer{Name: in.Name, Round: Round{
		Kodiak: in.Kodiak, Cards: cards, Pounces: in.Pounces,
		HairballsKept: in.HairballsKept, HairballsDiscarded: in.HairballsDiscarded,
	}}, nil
}
