package alaska

import (
	"encoding/json"
	"slices"
	"strings"

	"tablemate/scoring"
)

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

// PlayRequest is a setup as sent, as a table records it and as the play
// API reads it beside "players" and "steps" (docs/api-alaska-play.md).
type PlayRequest struct {
	First    string          `json:"first"`
	DrawPile *int            `json:"draw_pile"`
	Dice     bool            `json:"dice"`
	Options  json.RawMessage `json:"options"`
}

// ParseSetup reads a setup strictly; unreadable input is a
// *scoring.InputError naming the field.
func ParseSetup(raw []byte) (Setup, error) {
	var s Setup
	if len(strings.TrimSpace(string(raw))) == 0 {
		return s, nil
	}
	var in PlayRequest
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
func ParseStep(raw []byte) (Step, error) { return readStep(raw, "step") }

// readStep is ParseStep with the step's path for errors.
func readStep(raw []byte, field string) (Step, error) {
	var s Step
	if err := scoring.Decode(raw, &s, field); err != nil {
		return Step{}, err
	}
	if !slices.Contains(Actions, s.Do) {
		return Step{}, scoring.Errorf(scoring.Join(field, "do"), "%q is not a move of Alaska (salmon, flow, cast, angler, eagle, bear, bear_eat, end)", scoring.Name(s.Do))
	}
	return s, nil
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	b, _ := json.Marshal(s)
	return b
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

// Said is the view with the events' sentences said by say
// (scoring.SaidView).
func (v PlayState) Said(say scoring.Sayer) PlayState {
	events := make([]Event, len(v.Events))
	for i, e := range v.Events {
		if len(e.Lines) > 0 {
			s := make([]string, len(e.Lines))
			for j, l := range e.Lines {
				s[j] = say(l)
			}
			e.Text = strings.Join(s, " ")
		}
		events[i] = e
	}
	v.Events = events
	return v
}

// Rules are Alaska's guided play for scoring.Play: the setup is who
// starts, the draw pile, the dice variation and the options (Setup); a
// step is one move (Step).
type Rules struct{}

var _ scoring.Rules[Position, Step, PlayState] = Rules{}

// Start sets a game up from a recorded setup (ParseSetup, Start).
func (Rules) Start(players []string, setup []byte) (Position, error) {
	s, err := ParseSetup(setup)
	if err != nil {
		return Position{}, err
	}
	return Start(players, s)
}

// ReadStep reads a recorded step (ParseStep).
func (Rules) ReadStep(raw []byte, field string) (Step, error) { return readStep(raw, field) }

// Final is the salmon caught as a score-check request.
func (Rules) Final(p Position) any { return p.State() }

// Score checks and scores the salmon caught so far.
func (Rules) Score(p Position) scoring.Result { return Score(p.State()) }

// ReadRequest reads POST /api/v1/games/alaska/play: {"players": [...],
// "first": "Ana", "draw_pile": 9, "dice": false, "options":
// {"angler_catch": "on_contact"}, "steps": [...]}. Bad names, an option
// the game lacks and (once the steps are read) a setup the rules refuse
// are *scoring.InputError naming the field; refused steps are in the
// answer's errors.
func (Rules) ReadRequest(players []string, setup []byte) (scoring.Request[Position, Step], error) {
	var req PlayRequest
	if err := scoring.Decode(setup, &req, ""); err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	names, err := scoring.PlayerList(players)
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	opts, err := DecodeOptions(req.Options)
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	return scoring.Request[Position, Step]{Start: func() (Position, error) {
		pos, err := Start(names, Setup{First: strings.TrimSpace(req.First), DrawPile: req.DrawPile, Dice: req.Dice, Options: opts})
		if se, ok := err.(*StepError); ok {
			field := map[string]string{"player_count": "players", "unknown_player": "first", "draw_pile": "draw_pile"}[se.Code]
			return pos, scoring.Errorf(field, "%s (rule %s)", se.Phrase, scoring.Name(se.Rule))
		}
		return pos, err
	}}, nil
}
