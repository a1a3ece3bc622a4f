package aufderhut

import (
	"tablemate/scoring"
)

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
	v := PlayState{CharactersLeft: p.CharactersLeft, HatsLeft: p.HatsLeft, GameOver: p.over,
		Display: p.Display, Players: append([]Player{}, p.Players...)}
	if len(p.Players) > 0 {
		v.Turn = p.Players[p.Turn].Name
	}
	return v
}

// WireStep is a step of the play API as sent: pointers tell a spot 0
// from a missing key. End is the table ending a game played on until 3
// characters remain (ADH-3), a step of its own.
type WireStep struct {
	Look    *int    `json:"look"`
	Swap    *[]int  `json:"swap"` // a slice, so a length other than 2 is caught
	Reveal  *int    `json:"reveal"`
	Outcome *string `json:"outcome"`
	End     *bool   `json:"end"`
}

// decodeStep reads one step of the play API strictly; it must be exactly
// one action, and a reveal carries its outcome. A spot sent as 0 is kept
// for Apply to refuse (no_such_spot).
func decodeStep(raw []byte, field string) (Step, error) {
	var w WireStep
	if err := scoring.Decode(raw, &w, field); err != nil {
		return Step{}, err
	}
	if w.End != nil {
		if !*w.End || w.Look != nil || w.Swap != nil || w.Reveal != nil || w.Outcome != nil {
			return Step{}, scoring.Errorf(scoring.Join(field, "end"), `ending the game is a step of its own: {"end": true}`)
		}
		return Step{End: true}, nil
	}
	s, zero, err := w.step(field)
	s.zero = zero
	return s, err
}

// step checks a decoded step (see decodeStep); guided steps share it.
func (w WireStep) step(field string) (s Step, zero bool, err error) {
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
