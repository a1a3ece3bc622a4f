package kks

import (
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

// Decode reads a score-check request strictly. Unreadable input is a
// *scoring.InputError naming the field; rule breaks are left to Validate.
//
// The usual request is read by decodeFast, without reflection; anything
// else by scoring.Decode into a Request, whose errors name the field down
// to list items (players[0].adjustments[0].reason).
func Decode(body []byte) (State, error) {
	if s, ok := decodeFast(body); ok {
		return s, nil
	}
	return decodeJSON(body)
}

// decodeJSON is Decode with scoring.Decode alone.
func decodeJSON(body []byte) (State, error) {
	var req Request
	if err := scoring.Decode(body, &req, ""); err != nil {
		return State{}, err
	}
	if req.Players == nil {
		return State{}, scoring.Errorf("players", "a list of players is required")
	}
	s := State{Players: make([]Player, 0, len(req.Players))}
	for i, pj := range req.Players {
		p, err := pj.player(scoring.Index("players", i))
		if err != nil {
			return State{}, err
		}
		s.Players = append(s.Players, p)
	}
	return s.finish(req.Players, req.Options)
}

// player turns one decoded player into the engine's Player; field is its
// path ("players[1]") for errors.
func (pj PlayerJSON) player(field string) (Player, error) {
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
			return Player{}, scoring.Errorf(scoring.Join(af, "reason"), "an adjustment needs a reason, e.g. \"card 9: most red cards\"")
		case len([]rune(a.Reason)) > MaxReason:
			return Player{}, scoring.Errorf(scoring.Join(af, "reason"), "a reason is at most %d characters", MaxReason)
		}
		p.Adjustments = append(p.Adjustments, a)
	}
	return p, nil
}

// finish checks the names (as typed) and takes the options.
func (s State) finish(pjs []PlayerJSON, o *Options) (State, error) {
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
