package cambio

import (
	"encoding/json"
	"strings"

	"tablemate/scoring"
)

// RoundEntry is one round as a table enters it (docs/api-rounds.md): every
// player's table cards and who called Cambio. Options are read only when
// the round starts a game; a later round's options must be readable but
// the game keeps the options it started with.
type RoundEntry struct {
	Players []RoundPlayer `json:"players"`
	Options *Options      `json:"options,omitempty"`
}

// RoundPlayer is one player's end of a round.
type RoundPlayer struct {
	Name   string `json:"name"`
	Cards  []Card `json:"cards"`
	Cambio bool   `json:"cambio,omitempty"`
}

// AppendRound adds one round to state (scoring.Rounds). A nil or empty
// state starts a game with the round's players in the round's order and
// the round's options (defaults when it has none); a later round must name
// exactly the game's players (in any order). Unreadable input is a
// *scoring.InputError naming the field, e.g. round.players[1].cards[2].
// Rule breaks (two callers, a round after the end) are left to Score.
func (Engine) AppendRound(state, round []byte) ([]byte, error) {
	s, r, seat, err := roundOn(state, round)
	if err != nil {
		return nil, err
	}
	for k, p := range r.Players {
		i := seat[k]
		s.Players[i].Rounds = append(s.Players[i].Rounds, Round{Cards: p.Cards, Cambio: p.Cambio})
	}
	return json.Marshal(s)
}

// ReplaceRound corrects round n (1-based) of state
// (scoring.RoundCorrector): the round, in AppendRound's format, must name
// exactly the game's players (in any order); the game keeps its options.
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
		s.Players[i].Rounds[n-1] = Round{Cards: p.Cards, Cambio: p.Cambio}
	}
	return json.Marshal(s)
}

// roundOn reads a round and the game it goes to (a nil or empty state
// starts one with the round's players and options) and matches the
// round's players to the game's seats.
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
	seat, err := MatchSeats("round.players", names(s.Players), roundNames(r.Players))
	return s, r, seat, err
}

// Notes tells who called Cambio in a recorded round (scoring.RoundFacts).
func (Engine) Notes(round []byte) ([]scoring.Phrase, error) {
	r, _, err := DecodeRound(round)
	if err != nil {
		return nil, err
	}
	var out []scoring.Phrase
	for _, p := range r.Players {
		if p.Cambio {
			out = append(out, scoring.Phrasef("%s called Cambio", scoring.Name(p.Name)))
		}
	}
	return out, nil
}

// Target is the total that ends a game of state (ruling CAM-2): the
// table's target, 50 by default (scoring.RoundFacts).
func (Engine) Target(state []byte) int {
	s, err := Decode(state)
	if err != nil {
		return DefaultTarget
	}
	return s.Options.Limit()
}

// Closest names the players nearest the end of a game (ruling CAM-2): the
// ones on the highest total, and how many points they still are from the
// target that ends the game after its round (0 or less once reached).
// No names when nobody has played a round yet.
func Closest(s State) (names []string, points int) {
	res := Score(s)
	if len(res.Players) == 0 || len(res.Players[0].Rounds) == 0 {
		return nil, s.Options.Limit()
	}
	high := res.Players[0].Total
	for _, p := range res.Players {
		high = max(high, p.Total)
	}
	for _, p := range res.Players {
		if p.Total == high {
			names = append(names, p.Name)
		}
	}
	return names, s.Options.Limit() - high
}

// DecodeRound reads a round strictly: unknown fields, unreadable card
// tokens and options are *scoring.InputError on paths below "round"
// (round.players[1].cards[2], round.options.target). It also returns the
// options in force for a game the round starts.
func DecodeRound(body []byte) (RoundEntry, Options, error) {
	players, rawOpts, err := scoring.DecodeRequestAt(body, "round", decodeRoundPlayer, func(p RoundPlayer) string { return p.Name })
	if err != nil {
		return RoundEntry{}, Options{}, err
	}
	if len(players) == 0 {
		return RoundEntry{}, Options{}, scoring.Errorf("round.players", "a round lists every player at the table")
	}
	r := RoundEntry{Players: players}
	opts, err := DecodeOptions(rawOpts)
	if err != nil {
		return RoundEntry{}, Options{}, prefixed(err)
	}
	if len(rawOpts) > 0 && string(rawOpts) != "null" {
		r.Options = &opts
	}
	return r, opts, nil
}

// decodeRoundPlayer reads one player's part of a round.
func decodeRoundPlayer(raw []byte, path string) (RoundPlayer, error) {
	var in struct {
		Name   string            `json:"name"`
		Cards  []json.RawMessage `json:"cards" decode:"nullable"`
		Cambio bool              `json:"cambio"`
	}
	if err := scoring.Decode(raw, &in, path); err != nil {
		return RoundPlayer{}, err
	}
	cards, err := decodeCards(in.Cards, scoring.Join(path, "cards"))
	if err != nil {
		return RoundPlayer{}, err
	}
	return RoundPlayer{Name: in.Name, Cards: cards, Cambio: in.Cambio}, nil
}

// prefixed moves an options error below "round".
func prefixed(err error) error {
	if in, ok := err.(*scoring.InputError); ok {
		return scoring.Refield(in, scoring.Join("round", in.Field))
	}
	return err
}

func names(ps []Player) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

func roundNames(ps []RoundPlayer) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// MatchSeats finds each round player's seat in the game: seat[k] is the
// index in game of round[k]. Names match with case and surrounding spaces
// ignored. The round must name exactly the game's players, once each (the
// names in round are already unique); otherwise the error names field
// (the round's player list) or the first name that is not in the game.
func MatchSeats(field string, game, round []string) ([]int, error) {
	index := make(map[string]int, len(game))
	for i, n := range game {
		index[strings.ToLower(strings.TrimSpace(n))] = i
	}
	seat := make([]int, len(round))
	for k, n := range round {
		i, ok := index[strings.ToLower(strings.TrimSpace(n))]
		if !ok {
			return nil, scoring.Errorf(scoring.Join(scoring.Index(field, k), "name"), "%q is not a player in this game; the players are %s", scoring.Name(strings.TrimSpace(n)), game)
		}
		seat[k] = i
	}
	if len(round) != len(game) {
		return nil, scoring.Errorf(field, "every round lists the same players as the game's first round: %s, not %d players", game, len(round))
	}
	return seat, nil
}
