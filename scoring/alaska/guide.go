package alaska

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"tablemate/scoring"
)

var _ scoring.Guided = Engine{}

// Setup is how a guided game starts: the oldest player, who starts ("" =
// the first seat), the cards left in the draw pile after dealing (nil =
// the whole deck without the river and the hands, ruling CAM-1), the dice
// variation and the table's options.
type Setup struct {
	First    string `json:"first,omitempty"`
	DrawPile *int   `json:"draw_pile,omitempty"`
	// Dice plays the Cambio dice variation (rule text): a cast into a
	// section holding an angler and a salmon rolls the die.
	Dice bool `json:"dice,omitempty"`
	// Options: angler_catch, ruling ALA-2's reading.
	Options Options `json:"options,omitzero"`
}

// ParseSetup reads a setup strictly; unreadable input is a
// *scoring.InputError naming the field.
func ParseSetup(raw []byte) (Setup, error) {
	var s Setup
	if len(strings.TrimSpace(string(raw))) == 0 {
		return s, nil
	}
	var in struct {
		First    string          `json:"first"`
		DrawPile *int            `json:"draw_pile"`
		Dice     bool            `json:"dice"`
		Options  json.RawMessage `json:"options"`
	}
	if err := scoring.Decode(raw, &in, ""); err != nil {
		return Setup{}, err
	}
	opts, err := DecodeOptions(in.Options)
	if err != nil {
		return Setup{}, err
	}
	return Setup{First: strings.TrimSpace(in.First), DrawPile: in.DrawPile, Dice: in.Dice, Options: opts}, nil
}

// ParseStep reads one guided step, e.g. {"do":"cast","cards":[1,3]}. An
// unknown field or action is a *scoring.InputError naming it.
func ParseStep(raw []byte) (Step, error) {
	var s Step
	if err := scoring.Decode(raw, &s, "step"); err != nil {
		return Step{}, err
	}
	if !slices.Contains(Actions, s.Do) {
		return Step{}, scoring.Errorf("step.do", "%q is not a move of Alaska (salmon, flow, cast, angler, eagle, bear, bear_eat, end)", s.Do)
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
	pos, serr := Start(players, s)
	if serr != nil {
		return Position{}, serr
	}
	return scoring.ApplySteps(pos, steps, ParseStep, Position.Apply)
}

// Guide replays a table's guided game (scoring.Guided). Once every player
// has had their final turn, the salmon caught come back as a score-check
// request.
func (Engine) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	pos, err := Resume(players, setup, steps)
	if err != nil || !pos.Over() {
		return false, nil, err
	}
	final, err := json.Marshal(pos.State())
	return true, final, err
}

// PlayAnswer is the 200 answer of POST /api/v1/games/alaska/play (API.md
// "Guided play as JSON"): the refused step, if any (replay stops there),
// the position after the last accepted step and, once the game is over,
// the /score answer of its final state (else null).
type PlayAnswer struct {
	Valid  bool            `json:"valid"`
	Errors []StepError     `json:"errors"`
	State  PlayState       `json:"state"`
	Result *scoring.Result `json:"result"`
}

// PlayState is a position as the play API shows it: only what is public.
type PlayState struct {
	Turn      int        `json:"turn"`
	Player    string     `json:"player"` // to move, "" once over
	Phase     Phase      `json:"phase"`
	Dice      bool       `json:"dice"`
	Options   Options    `json:"options"`
	DrawPile  int        `json:"draw_pile"`
	LastRound bool       `json:"last_round"`
	TurnsLeft int        `json:"turns_left"`
	GameOver  bool       `json:"game_over"`
	River     River      `json:"river"`
	PlacedBy  []string   `json:"placed_by"`
	Players   []SeatJSON `json:"players"`
	Events    []Event    `json:"events"` // this turn's moves, told
}

// SeatJSON is one player as the play API shows them.
type SeatJSON struct {
	Name    string `json:"name"`
	Salmon  int    `json:"salmon"`
	Hand    int    `json:"hand"`
	SitsOut bool   `json:"sits_out"`
}

// View is the position as the play API shows it.
func (p Position) View() PlayState {
	v := PlayState{Turn: p.Turn, Player: p.ToMove(), Phase: p.Phase, Dice: p.Dice, Options: p.Options, DrawPile: p.DrawPile, LastRound: p.LastRound,
		TurnsLeft: p.TurnsLeft, GameOver: p.Over(), River: p.River, PlacedBy: p.PlacedBy[:], Players: []SeatJSON{}, Events: []Event{}}
	for _, s := range p.Players {
		v.Players = append(v.Players, SeatJSON(s))
	}
	v.Events = append(v.Events, p.Events...)
	return v
}

// Replay answers POST /api/v1/games/alaska/play:
// {"players": [...], "first": "Ana", "draw_pile": 9, "dice": false,
// "options": {"angler_catch": "on_contact"}, "steps": [...]}.
// A body that is not a game log (bad JSON, unknown fields, an unreadable
// step, bad names, a setup that cannot start) is a *scoring.InputError
// naming the field; refused steps are in the answer's errors.
func Replay(body []byte) (PlayAnswer, error) {
	var req struct {
		Players  []string          `json:"players"`
		First    string            `json:"first"`
		DrawPile *int              `json:"draw_pile"`
		Dice     bool              `json:"dice"`
		Options  json.RawMessage   `json:"options"`
		Steps    []json.RawMessage `json:"steps"`
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
	opts, err := DecodeOptions(req.Options)
	if err != nil {
		return PlayAnswer{}, err
	}
	steps := make([]Step, len(req.Steps))
	for i, raw := range req.Steps {
		s, err := ParseStep(raw)
		if err != nil {
			if in, ok := errors.AsType[*scoring.InputError](err); ok {
				return PlayAnswer{}, scoring.Errorf(scoring.Index("steps", i)+strings.TrimPrefix(in.Field, "step"), "%s", in.Message)
			}
			return PlayAnswer{}, err
		}
		steps[i] = s
	}
	names := make([]string, len(req.Players))
	for i, n := range req.Players {
		names[i] = strings.TrimSpace(n)
	}
	pos, serr := Start(names, Setup{First: strings.TrimSpace(req.First), DrawPile: req.DrawPile, Dice: req.Dice, Options: opts})
	if serr != nil {
		field := map[string]string{"player_count": "players", "unknown_player": "first", "draw_pile": "draw_pile"}[serr.Code]
		return PlayAnswer{}, scoring.Errorf(field, "%s (rule %s)", serr.Message, serr.Rule)
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
		r := Score(pos.State())
		ans.Result = &r
	}
	return ans, nil
}
