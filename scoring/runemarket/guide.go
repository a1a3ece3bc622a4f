package runemarket

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"tablemate/scoring"
)

var _ scoring.Guided = Engine{}

// Setup is how a guided game starts: the market as laid out (its piles of
// red and blue runes, boat shelters and bandits, counted by the table) and
// the player who starts.
type Setup struct {
	Market Market `json:"market"`
	First  string `json:"first"`
}

// ParseSetup reads a setup strictly; unreadable input is a
// *scoring.InputError naming the field.
func ParseSetup(raw []byte) (Setup, error) {
	var top struct {
		Market json.RawMessage `json:"market"`
		First  string          `json:"first"`
	}
	if err := scoring.Decode(raw, &top, ""); err != nil {
		return Setup{}, err
	}
	s := Setup{First: top.First}
	if len(top.Market) > 0 {
		// Decoded on its own so an unknown pile names its full path.
		if err := scoring.Decode(top.Market, &s.Market, "market"); err != nil {
			return Setup{}, err
		}
	}
	s.First = strings.TrimSpace(s.First)
	return s, nil
}

// actions are the steps ParseStep accepts.
var actions = []Action{DoInterest, DoBuy, DoRansom, DoPlace, DoRune, DoShelter, DoThief, DoDoubleTheft, DoDuel, DoDraw, DoFinish}

// ParseStep reads one guided step, e.g. {"do":"rune","cards":[2,3],"colour":"red"}.
// An unknown field or action is a *scoring.InputError naming it.
func ParseStep(raw []byte) (Step, error) {
	return parseStepAt(raw, "step")
}

func parseStepAt(raw []byte, field string) (Step, error) {
	var s Step
	if err := scoring.Decode(raw, &s, field); err != nil {
		return Step{}, err
	}
	if !slices.Contains(actions, s.Do) {
		return Step{}, scoring.Errorf(scoring.Join(field, "do"), "%q is not a move of The Rune Market", s.Do)
	}
	return s, nil
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	b, _ := json.Marshal(s)
	return b
}

// Resume replays a guided game from its setup and steps to the position
// now. The error is a *scoring.InputError for unreadable input or the
// *StepError of the first step the rules refuse (the position before it
// comes back with it).
func Resume(players []string, setup []byte, steps [][]byte) (Position, error) {
	s, err := ParseSetup(setup)
	if err != nil {
		return Position{}, err
	}
	pos, serr := Start(players, s.Market, s.First)
	if serr != nil {
		return Position{}, serr
	}
	return scoring.ApplySteps(pos, steps, ParseStep, Position.Apply)
}

// Guide replays a table's guided game (scoring.Guided). Once the market's
// last rune is taken and the tie-break chain has every fact it needs, the
// final ledgers come back as a score-check request.
func (Engine) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	pos, err := Resume(players, setup, steps)
	if err != nil || !pos.Over() {
		return false, nil, err
	}
	final, err := json.Marshal(pos.Final())
	return true, final, err
}

// PlayAnswer is the 200 answer of POST /api/v1/games/rune-market/play
// (API.md "Guided play as JSON"): Errors holds the refused step, if any
// (the replay stops there); Result is the /score answer once the game is
// over, else null.
type PlayAnswer struct {
	Valid  bool            `json:"valid"`
	Errors []StepError     `json:"errors"`
	State  PlayState       `json:"state"`
	Result *scoring.Result `json:"result"`
}

// PlayState is a position as the play API shows it. Players are the
// ledgers in the /score request's shape plus their number of hand cards.
type PlayState struct {
	Market   Market          `json:"market"`
	Turn     int             `json:"turn"`
	Player   string          `json:"player"` // to move; "" once the market is empty
	Phase    Phase           `json:"phase"`
	GameOver bool            `json:"game_over"`
	Interest *InterestReport `json:"interest"` // this turn's, once taken
	TieBreak string          `json:"tie_break,omitempty"`
	Players  []Seat          `json:"players"`
}

// View is the position as the play API shows it.
func (p Position) View() PlayState {
	return PlayState{Market: p.Market, Turn: p.Turn, Player: p.ToMove(), Phase: p.Phase, GameOver: p.Over(),
		Interest: p.Interest, TieBreak: p.Needs().Question, Players: p.clone().Players}
}

// Replay answers POST /api/v1/games/rune-market/play:
// {"players": [...], "market": {...}, "first": "Ana", "steps": [...]}.
// It applies the steps in order and stops at the first refused one. A body
// that is not a game log (bad JSON, unknown fields, bad names, a setup that
// cannot start) is a *scoring.InputError naming the field.
func Replay(body []byte) (PlayAnswer, error) {
	var req struct {
		Players []string          `json:"players"`
		Market  Market            `json:"market"`
		First   string            `json:"first"`
		Steps   []json.RawMessage `json:"steps"`
	}
	if err := scoring.Decode(body, &req, ""); err != nil {
		return PlayAnswer{}, err
	}
	if req.Players == nil {
		return PlayAnswer{}, scoring.Errorf("players", "a list of player names is required")
	}
	if err := scoring.CheckNames("players", req.Players); err != nil {
		if in, ok := errors.AsType[*scoring.InputError](err); ok {
			return PlayAnswer{}, scoring.Errorf(strings.TrimSuffix(in.Field, ".name"), "%s", in.Message)
		}
		return PlayAnswer{}, err
	}
	steps := make([]Step, len(req.Steps))
	for i, raw := range req.Steps {
		var err error
		if steps[i], err = parseStepAt(raw, scoring.Index("steps", i)); err != nil {
			return PlayAnswer{}, err
		}
	}
	names := make([]string, len(req.Players))
	for i, n := range req.Players {
		names[i] = strings.TrimSpace(n)
	}
	pos, serr := Start(names, req.Market, req.First)
	if serr != nil {
		field := map[string]string{"player_count": "players", "unknown_player": "first"}[serr.Code]
		if field == "" {
			field = "market"
		}
		return PlayAnswer{}, scoring.Errorf(field, "%s (ruling %s)", serr.Message, serr.Rule)
	}
	ans := PlayAnswer{Valid: true, Errors: []StepError{}}
	for _, s := range steps {
		next, serr := pos.Apply(s)
		if serr != nil {
			ans.Valid = false
			ans.Errors = append(ans.Errors, *serr)
			break
		}
		pos = next
	}
	ans.State = pos.View()
	if pos.Over() {
		r := Score(pos.Final())
		ans.Result = &r
	}
	return ans, nil
}
