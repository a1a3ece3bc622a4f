package cambio

import (
	"encoding/json"
	"strings"

	"tablemate/scoring"
)

var _ scoring.Guided = Engine{}

// ParseSetup reads a guided game's setup strictly (docs/api-cambio-play.md):
// {"dealer": 0, "options": {"cambio_tie": "reward", "target": 50}}. An
// unknown field or option value is a *scoring.InputError naming it.
func ParseSetup(raw []byte) (Setup, error) {
	var in struct {
		Dealer  int             `json:"dealer"`
		Options json.RawMessage `json:"options"`
	}
	if err := scoring.Decode(raw, &in, ""); err != nil {
		return Setup{}, err
	}
	opts, err := decodeOptions(in.Options)
	if err != nil {
		return Setup{}, err
	}
	return Setup{Dealer: in.Dealer, Options: opts}, nil
}

// SetupJSON is the JSON of a setup, as a table records it.
func SetupJSON(s Setup) []byte {
	b, _ := json.Marshal(s)
	return b
}

// wireStep is a step as JSON: exactly one of the action fields is set.
type wireStep struct {
	Done    *int            `json:"done"`
	Cambio  *int            `json:"cambio"`
	Out     *int            `json:"out"`
	Penalty *int            `json:"penalty"`
	Delta   *int            `json:"delta"`
	Score   json.RawMessage `json:"score"`
}

// ParseStep reads one guided step strictly: {"done": 1}, {"cambio": 1},
// {"out": 2}, {"penalty": 0, "delta": 1} or {"score": round} where round is
// a round as docs/api-rounds.md writes it (without options). Seats are
// 0-based in the players' order. Anything else is a *scoring.InputError
// naming the field.
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
	for _, a := range []struct {
		seat   *int
		action Action
	}{{w.Done, ActDone}, {w.Cambio, ActCambio}, {w.Out, ActOut}, {w.Penalty, ActPenalty}} {
		if a.seat != nil {
			s.Action, s.Seat = a.action, *a.seat
			set++
		}
	}
	if len(w.Score) > 0 && string(w.Score) != "null" {
		set++
		s.Action = ActScore
		r, _, err := DecodeRound(w.Score)
		if err != nil {
			return Step{}, below(err, scoring.Join(field, "score"))
		}
		if r.Options != nil {
			return Step{}, scoring.Errorf(scoring.Join(field, "score.options"), "options are set when the guided game starts, not per round")
		}
		s.Round = &r
	}
	if set != 1 {
		return Step{}, scoring.Errorf(field, "a step is exactly one of done, cambio, out, penalty (with delta) or score")
	}
	switch {
	case s.Action == ActPenalty && w.Delta == nil:
		return Step{}, scoring.Errorf(scoring.Join(field, "delta"), "a penalty step says 1 (a penalty card drawn) or -1 (taken back)")
	case s.Action == ActPenalty:
		s.Delta = *w.Delta
	case w.Delta != nil:
		return Step{}, scoring.Errorf(scoring.Join(field, "delta"), "delta belongs to a penalty step only")
	}
	return s, nil
}

// below moves an error on "round…" to prefix (step.score.players[1].cards[0]).
func below(err error, prefix string) error {
	if in, ok := err.(*scoring.InputError); ok {
		return scoring.Errorf(prefix+strings.TrimPrefix(in.Field, "round"), "%s", in.Message)
	}
	return err
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	w := map[string]any{}
	switch s.Action {
	case ActDone, ActCambio, ActOut:
		w[string(s.Action)] = s.Seat
	case ActPenalty:
		w["penalty"], w["delta"] = s.Seat, s.Delta
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
	pos, err := Start(players, s)
	if err != nil {
		return Position{}, err
	}
	for _, raw := range steps {
		st, err := ParseStep(raw)
		if err != nil {
			return pos, err
		}
		next, serr := pos.Apply(st)
		if serr != nil {
			return pos, serr
		}
		pos = next
	}
	return pos, nil
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
