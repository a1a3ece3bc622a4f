package kodiak

import (
	"encoding/json"
	"slices"
	"strings"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
)

var _ scoring.Guided = Engine{}

// ParseSetup reads a guided game's setup strictly (docs/api-cambio-play.md):
// {"kodiak": 0, "options": {"cycles": 1}}. An unknown field or an option
// out of range is a *scoring.InputError naming it.
func ParseSetup(raw []byte) (Setup, error) {
	var in struct {
		Kodiak  int             `json:"kodiak"`
		Options json.RawMessage `json:"options"`
		Players []string        `json:"players"`
	}
	if err := scoring.Decode(raw, &in, ""); err != nil {
		return Setup{}, err
	}
	if len(in.Players) == 0 {
		in.Players = nil // no list: the table's players
	} else {
		if _, err := scoring.PlayerList(in.Players); err != nil {
			return Setup{}, err
		}
	}
	var o struct {
		Cycles *int `json:"cycles"`
	}
	if err := scoring.DecodeOptions(in.Options, &o); err != nil {
		return Setup{}, err
	}
	s := Setup{Kodiak: in.Kodiak, Options: Options{Cycles: DefaultCycles}, Players: in.Players}
	if o.Cycles != nil {
		if c := *o.Cycles; c < MinCycles || c > MaxCycles {
			return Setup{}, scoring.Errorf("options.cycles", "must be a whole number from %d to %d, not %d", MinCycles, MaxCycles, c)
		}
		s.Options.Cycles = *o.Cycles
	}
	return s, nil
}

// SetupJSON is the JSON of a setup, as a table records it.
func SetupJSON(s Setup) []byte {
	b, _ := json.Marshal(s)
	return b
}

// wireStep is a step as JSON: exactly one of the action fields is set.
type wireStep struct {
	Done     *int            `json:"done"`
	Pounce   *int            `json:"pounce"`
	Hairball *int            `json:"hairball"`
	Delta    *int            `json:"delta"`
	Out      *int            `json:"out"`
	Score    json.RawMessage `json:"score"`
}

// ParseStep reads one guided step strictly: {"done": 1}, {"pounce": 1}
// (or -1), {"hairball": 2, "delta": 1}, {"out": 0} or {"score": round}
// where round is a Kodiak round as docs/api-rounds.md writes it (without
// options). Seats are 0-based in the players' order. Anything else is a
// *scoring.InputError naming the field.
func ParseStep(raw []byte) (Step, error) {
	return decodeStep(raw, "step")
}

func decodeStep(raw []byte, field string) (Step, error) {
	var w wireStep
	if err := scoring.Decode(raw, &w, field); err != nil {
		return Step{}, err
	}
	var s Step
	set := 0
	if w.Done != nil {
		s, set = Step{Action: ActDone, Seat: *w.Done}, set+1
	}
	if w.Pounce != nil {
		s, set = Step{Action: ActPounce, Delta: *w.Pounce}, set+1
	}
	if w.Hairball != nil {
		s, set = Step{Action: ActHairball, Seat: *w.Hairball}, set+1
	}
	if w.Out != nil {
		s, set = Step{Action: ActOut, Seat: *w.Out}, set+1
	}
	if len(w.Score) > 0 && string(w.Score) != "null" {
		set++
		r, _, err := DecodeRound(w.Score)
		if err != nil {
			if in, ok := err.(*scoring.InputError); ok {
				return Step{}, scoring.Errorf(field+".score"+strings.TrimPrefix(in.Field, "round"), "%s", in.Message)
			}
			return Step{}, err
		}
		if r.Options != nil {
			return Step{}, scoring.Errorf(scoring.Join(field, "score.options"), "options are set when the guided game starts, not per round")
		}
		s = Step{Action: ActScore, Round: &r}
	}
	if set != 1 {
		return Step{}, scoring.Errorf(field, "a step is exactly one of done, pounce, hairball (with delta), out or score")
	}
	switch {
	case s.Action == ActHairball && w.Delta == nil:
		return Step{}, scoring.Errorf(scoring.Join(field, "delta"), "a hairball step says 1 (a hairball discarded) or -1 (taken back)")
	case s.Action == ActHairball:
		s.Delta = *w.Delta
	case w.Delta != nil:
		return Step{}, scoring.Errorf(scoring.Join(field, "delta"), "delta belongs to a hairball step only")
	}
	return s, nil
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	w := map[string]any{}
	switch s.Action {
	case ActDone, ActOut:
		w[string(s.Action)] = s.Seat
	case ActPounce:
		w["pounce"] = s.Delta
	case ActHairball:
		w["hairball"], w["delta"] = s.Seat, s.Delta
	case ActScore:
		r := RoundEntry{}
		if s.Round != nil {
			r.Players = s.Round.Players
		}
		w["score"] = r
	}
	b, _ := json.Marshal(w)
	return b
}

// Resume replays a guided game from its setup and steps to the position
// now. The error is a *scoring.InputError for unreadable input or the
// *StepError of the first step the rules refuse (then the position is the
// one before it).
func Resume(players []string, setup []byte, steps [][]byte) (Position, error) {
	s, err := ParseSetup(setup)
	if err != nil {
		return Position{}, err
	}
	if s.Players != nil {
		// The game keeps the players it started with (a later joiner
		// watches); they must still be the table's.
		if err := cambio.Within(s.Players, players); err != nil {
			return Position{}, err
		}
		players = s.Players
	}
	pos, err := Start(players, s)
	if err != nil {
		return Position{}, err
	}
	return scoring.ApplySteps(pos, steps, ParseStep, Position.Apply)
}

// Guide replays a table's guided game (scoring.Guided); once it is over
// every round comes back as one score-check request.
func (Engine) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	pos, err := Resume(players, setup, steps)
	if err != nil || !pos.Over() {
		return false, nil, err
	}
	final, err := json.Marshal(pos.Final())
	return true, final, err
}

// PlayAnswer is the 200 answer of POST /api/v1/games/kodiak/play
// (docs/api-cambio-play.md): the position after the last accepted step,
// the refused step if any (replay stops there) and, once the game is over,
// the /score answer of the whole game (else null).
type PlayAnswer struct {
	Valid  bool            `json:"valid"`
	Errors []StepError     `json:"errors"`
	State  PlayState       `json:"state"`
	Result *scoring.Result `json:"result"`
}

// PlayState is a position as the play API shows it; Game is the finished
// rounds as a /score request.
type PlayState struct {
	Round     int    `json:"round"`
	Rounds    int    `json:"rounds"` // how many rounds the game has
	Phase     string `json:"phase"`  // "playing", "scoring" or "over"
	Kodiak    string `json:"kodiak"`
	Player    string `json:"player"` // the player to move, "" unless playing
	Pounces   int    `json:"pounces"`
	Hairballs []int  `json:"hairballs_discarded"`
	Out       string `json:"out"` // whose last card ended the round, ""
	Game      State  `json:"game"`
}

// View is the position as the play API shows it.
func (p Position) View() PlayState {
	v := PlayState{Round: p.Round(), Rounds: p.GameRounds(), Phase: [...]string{"playing", "scoring", "over"}[p.Phase],
		Player: p.ToMove(), Pounces: p.Pounces, Hairballs: slices.Clone(p.Hairballs), Game: p.Final()}
	if p.Phase != Over {
		v.Kodiak = p.Players[p.Kodiak()]
	}
	if p.OutSeat >= 0 {
		v.Out = p.Players[p.OutSeat]
	}
	return v
}

// Replay answers POST /api/v1/games/kodiak/play: {"players": [...],
// "kodiak": 0, "options": {"cycles": 1}, "steps": [...]}. It starts the
// game, applies the steps in order and stops at the first refused one. A
// body that is not a game log is a *scoring.InputError naming the field.
func Replay(body []byte) (PlayAnswer, error) {
	var req struct {
		Players []string          `json:"players"`
		Kodiak  int               `json:"kodiak"`
		Options json.RawMessage   `json:"options"`
		Steps   []json.RawMessage `json:"steps"`
	}
	if err := scoring.Decode(body, &req, ""); err != nil {
		return PlayAnswer{}, err
	}
	names, err := scoring.PlayerList(req.Players)
	if err != nil {
		return PlayAnswer{}, err
	}
	// The setup's own reader checks kodiak and options (options.cycles).
	raw, _ := json.Marshal(struct {
		Kodiak  int             `json:"kodiak"`
		Options json.RawMessage `json:"options,omitempty"`
	}{req.Kodiak, req.Options})
	setup, err := ParseSetup(raw)
	if err != nil {
		return PlayAnswer{}, err
	}
	steps := make([]Step, len(req.Steps))
	for i, raw := range req.Steps {
		if steps[i], err = decodeStep(raw, scoring.Index("steps", i)); err != nil {
			return PlayAnswer{}, err
		}
	}
	pos, err := Start(names, setup)
	if err != nil {
		se := err.(*StepError)
		field := "kodiak"
		if se.Code == "player_count" {
			field = "players"
		}
		return PlayAnswer{}, scoring.Errorf(field, "%s", se.Message)
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
		r := pos.Result()
		ans.Result = &r
	}
	return ans, nil
}
