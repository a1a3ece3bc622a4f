package kks

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"tablemate/scoring"
)

// MaxTokens is each player's supply at the start (ruling KKS-1).
const MaxTokens = 7

// MaxReason bounds an adjustment's reason.
const MaxReason = 80

// State is a finished game as API.md's request describes it.
type State struct {
	Players []Player
	// SpecialCards are the special cards in play (ruling KKS-6), if any.
	SpecialCards []int
}

// Player is one player's display, tokens and special-card adjustments.
type Player struct {
	Name        string
	Tokens      int
	Display     map[Colour]Stack
	Adjustments []Adjustment
}

// Adjustment is a labelled manual change of a player's score caused by a
// special card (rulings G-4, KKS-6).
type Adjustment struct {
	Card   int    `json:"card"`
	Points int    `json:"points"`
	Reason string `json:"reason"`
}

type request struct {
	Players []json.RawMessage `json:"players"`
	Options *options          `json:"options"`
}

type options struct {
	SpecialCards []int `json:"special_cards"`
}

type playerJSON struct {
	Name   string `json:"name"`
	Tokens int    `json:"tokens"`
	// Display is a map so an unknown colour can be named with its path
	// (encoding/json does not report paths of unknown nested fields).
	Display     map[string]string `json:"display"`
	Adjustments []Adjustment      `json:"adjustments"`
}

// Decode reads a score-check request strictly. Unreadable input is a
// *scoring.InputError naming the field; rule breaks are left to Validate.
//
// The usual request is read by decodeFast, without reflection. Anything
// else that is well-formed is decoded by encoding/json in one pass. Only
// when that fails is it decoded again player by player, slower, so the
// error names the player (encoding/json's own errors do not say which
// list element was wrong).
func Decode(body []byte) (State, error) {
	if s, ok := decodeFast(body); ok {
		return s, nil
	}
	return decodeJSON(body)
}

// decodeJSON is Decode with encoding/json alone.
func decodeJSON(body []byte) (State, error) {
	var fast struct {
		Players []playerJSON `json:"players"`
		Options *options     `json:"options"`
	}
	if scoring.Decode(body, &fast, "") != nil {
		return decodeEach(body)
	}
	if fast.Players == nil {
		return State{}, scoring.Errorf("players", "a list of players is required")
	}
	s := State{Players: make([]Player, 0, len(fast.Players))}
	for i, pj := range fast.Players {
		p, err := pj.player(scoring.Index("players", i))
		if err != nil {
			return State{}, err
		}
		s.Players = append(s.Players, p)
	}
	return s.finish(fast.Players, fast.Options)
}

// decodeEach is Decode's slow path: the envelope first, then each player
// on its own, so a malformed player is named with its index.
func decodeEach(body []byte) (State, error) {
	var req request
	if err := scoring.Decode(body, &req, ""); err != nil {
		return State{}, err
	}
	if req.Players == nil {
		return State{}, scoring.Errorf("players", "a list of players is required")
	}
	s := State{Players: make([]Player, 0, len(req.Players))}
	pjs := make([]playerJSON, len(req.Players))
	for i, raw := range req.Players {
		field := scoring.Index("players", i)
		if err := scoring.Decode(raw, &pjs[i], field); err != nil {
			return State{}, err
		}
		p, err := pjs[i].player(field)
		if err != nil {
			return State{}, err
		}
		s.Players = append(s.Players, p)
	}
	return s.finish(pjs, req.Options)
}

// player turns one decoded player into the engine's Player; field is its
// path ("players[1]") for errors.
func (pj playerJSON) player(field string) (Player, error) {
	p := Player{Name: strings.TrimSpace(pj.Name), Tokens: pj.Tokens, Display: map[Colour]Stack{}}
	for _, key := range slices.Sorted(maps.Keys(pj.Display)) { // sorted: the same key is named every time
		if _, ok := ParseColour(key); !ok || key != strings.ToLower(key) {
			return Player{}, scoring.Errorf(scoring.Join(field, "display."+key), "unknown colour %q: red, yellow, black or blue", key)
		}
	}
	for _, c := range colourOrder() {
		st, err := ParseStack(pj.Display[string(c)])
		if err != nil {
			return Player{}, scoring.Refield(err, scoring.Join(field, "display."+string(c)))
		}
		if len(st) > 0 {
			p.Display[c] = st
		}
	}
	for j, a := range pj.Adjustments {
		af := scoring.Join(field, scoring.Index("adjustments", j))
		a.Reason = strings.TrimSpace(a.Reason)
		switch {
		case a.Reason == "":
			return Player{}, scoring.Errorf(af, "an adjustment needs a reason, e.g. \"card 9: most red cards\"")
		case len([]rune(a.Reason)) > MaxReason:
			return Player{}, scoring.Errorf(af, "a reason is at most %d characters", MaxReason)
		}
		p.Adjustments = append(p.Adjustments, a)
	}
	return p, nil
}

// finish checks the names (as typed) and takes the options.
func (s State) finish(pjs []playerJSON, o *options) (State, error) {
	names := make([]string, len(pjs))
	for i, pj := range pjs {
		names[i] = pj.Name
	}
	if err := scoring.CheckNames("players", names); err != nil {
		return State{}, err
	}
	if o != nil {
		s.SpecialCards = o.SpecialCards
	}
	return s, nil
}

// TurnsPerPlayer is how many cards every display holds at the end
// (ruling KKS-3: 33 cards after the row, the round is finished): 17 with
// 2 players, 12 with 3, 9 with 4; 0 for other player counts.
func TurnsPerPlayer(players int) int {
	if players < 2 || players > 4 {
		return 0
	}
	return (33 + players) / players
}
