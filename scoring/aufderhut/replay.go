package aufderhut

import (
	"encoding/json"
	"errors"
	"strings"

	"tablemate/scoring"
)

// PlayAnswer is the 200 answer of POST /api/v1/games/auf-der-hut/play
// (API.md "Guided play as JSON"). Errors holds refused steps (replay stops
// at the first) and swap_back warnings (replay goes on); Valid is false
// only for a refused step. Result is the /score answer once the game is
// over, else nil (JSON null).
type PlayAnswer struct {
	Valid  bool            `json:"valid"`
	Errors []StepError     `json:"errors"`
	State  PlayState       `json:"state"`
	Result *scoring.Result `json:"result"`
}

// PlayState is a position as the play API shows it.
type PlayState struct {
	CharactersLeft int               `json:"characters_left"`
	HatsLeft       int               `json:"hats_left"`
	Turn           string            `json:"turn"` // the player to move
	GameOver       bool              `json:"game_over"`
	Display        [DisplaySize]Spot `json:"display"`
	Players        []Player          `json:"players"`
}

// View is the position as the play API shows it.
func (p Position) View() PlayState {
	v := PlayState{CharactersLeft: p.CharactersLeft, HatsLeft: p.HatsLeft, GameOver: p.Over,
		Display: p.Display, Players: append([]Player{}, p.Players...)}
	if len(p.Players) > 0 {
		v.Turn = p.Players[p.Turn].Name
	}
	return v
}

// wireStep is a step as sent: pointers tell a spot 0 from a missing key.
type wireStep struct {
	Look    *int    `json:"look"`
	Swap    *[]int  `json:"swap"` // a slice, so a length other than 2 is caught
	Reveal  *int    `json:"reveal"`
	Outcome *string `json:"outcome"`
}

// Replay answers POST /api/v1/games/auf-der-hut/play: it starts the game,
// applies the steps in order and stops at the first refused one. A body
// that is not a game log (bad JSON, unknown fields, a step that is not one
// action, bad names or player count) is a *scoring.InputError.
func Replay(body []byte) (PlayAnswer, error) {
	var req struct {
		Players []string          `json:"players"`
		Options json.RawMessage   `json:"options"`
		Steps   []json.RawMessage `json:"steps"`
	}
	if err := scoring.Decode(body, &req, ""); err != nil {
		return PlayAnswer{}, err
	}
	opts, err := decodeOptions(req.Options)
	if err != nil {
		return PlayAnswer{}, err
	}
	steps := make([]Step, len(req.Steps))
	zeros := make([]bool, len(req.Steps)) // a spot sent as 0: no such spot
	for i, raw := range req.Steps {
		if steps[i], zeros[i], err = decodeStep(raw, scoring.Index("steps", i)); err != nil {
			return PlayAnswer{}, err
		}
	}
	pos, err := Start(req.Players, opts.Variant)
	if err != nil {
		return PlayAnswer{}, err
	}
	ans := PlayAnswer{Valid: true, Errors: []StepError{}}
	for i, s := range steps {
		if zeros[i] && !pos.Over {
			ans.Valid = false
			ans.Errors = append(ans.Errors, *scoring.Refusef(i+1, "no_such_spot", "ADH-1", "%s: spot %d does not exist; the display has spots 1 to %d", pos.Players[pos.Turn].Name, 0, DisplaySize))
			break
		}
		next, serr := pos.Apply(s)
		if serr != nil {
			ans.Errors = append(ans.Errors, *serr)
			if !serr.Warning {
				ans.Valid = false
				break
			}
		}
		pos = next
	}
	ans.State = pos.View()
	if pos.Over {
		r := Score(pos.Final())
		ans.Result = &r
	}
	return ans, nil
}

// decodeStep reads one step strictly; it must be exactly one action, and a
// reveal carries its outcome. zero reports a spot sent as 0, which Step
// cannot tell from a missing action.
func decodeStep(raw json.RawMessage, field string) (s Step, zero bool, err error) {
	var w wireStep
	if err := scoring.Decode(raw, &w, field); err != nil {
		return Step{}, false, err
	}
	return w.step(field)
}

// step checks a decoded step (see decodeStep); guided steps share it.
func (w wireStep) step(field string) (s Step, zero bool, err error) {
	actions := 0
	if w.Look != nil {
		actions++
		s.Look, zero = *w.Look, *w.Look == 0
	}
	if w.Swap != nil {
		actions++
		pair := *w.Swap
		if len(pair) != 2 {
			return Step{}, false, scoring.Errorf(scoring.Join(field, "swap"), "a swap names two spots, not %d", len(pair))
		}
		if pair[0] == pair[1] {
			return Step{}, false, scoring.Errorf(scoring.Join(field, "swap"), "a swap needs two different spots, not %d twice", pair[0])
		}
		s.Swap, zero = [2]int{pair[0], pair[1]}, pair[0] == 0 || pair[1] == 0
	}
	if w.Reveal != nil {
		actions++
		s.Reveal, zero = *w.Reveal, *w.Reveal == 0
		if w.Outcome == nil {
			return Step{}, false, scoring.Errorf(scoring.Join(field, "outcome"), "a reveal needs an outcome: %q, %q or %q", Match, Wonderhat, Miss)
		}
	}
	if w.Outcome != nil {
		if w.Reveal == nil {
			return Step{}, false, scoring.Errorf(scoring.Join(field, "outcome"), "an outcome belongs to a reveal")
		}
		if o := *w.Outcome; o != Match && o != Wonderhat && o != Miss {
			return Step{}, false, scoring.Errorf(scoring.Join(field, "outcome"), "must be %q, %q or %q, not %q", Match, Wonderhat, Miss, o)
		}
		s.Outcome = *w.Outcome
	}
	if actions != 1 {
		return Step{}, false, scoring.Errorf(field, "a step is exactly one action: look, swap or reveal")
	}
	return s, zero, nil
}

// checkPlayerNames applies the names rule to a plain list of names, so the
// error names "players[1]" rather than "players[1].name".
func checkPlayerNames(names []string) error {
	err := scoring.CheckNames("players", names)
	var in *scoring.InputError
	if errors.As(err, &in) {
		return scoring.Errorf(strings.TrimSuffix(in.Field, ".name"), "%s", in.Message)
	}
	return err
}
