package scoring

import "fmt"

// StepError is a guided-play step the rules refuse (a replay stops there)
// or, when Warning is set, one they frown on (the replay goes on). Step
// counts from 1 (0 = the game's setup); Code is stable snake_case and Rule
// names the ruling id from RULINGS.md, as in a Violation.
type StepError struct {
	Step    int    `json:"step"`
	Code    string `json:"code"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
	Warning bool   `json:"warning,omitempty"`
	// Phrase is Message before formatting, so a page can say it in the
	// reader's language; the API answers Message.
	Phrase Phrase `json:"-"`
}

func (e *StepError) Error() string { return fmt.Sprintf("step %d: %s", e.Step, e.Message) }

// Refusef returns the *StepError for step (0 = the setup) with its
// message formatted from format and args. Engines build every refusal
// through it (or Refuse), so the format is a message id a page can
// translate.
func Refusef(step int, code, rule, format string, args ...any) *StepError {
	return Refuse(step, code, rule, Phrasef(format, args...))
}

// Refuse is Refusef for a message already kept as a Phrase (a river's
// move error, a reason given by another check).
func Refuse(step int, code, rule string, p Phrase) *StepError {
	return &StepError{Step: step, Code: code, Rule: rule, Message: p.String(), Phrase: p}
}

// ApplySteps plays a guided game's recorded steps on its start position:
// each is read with parse and played with apply. It stops at the first
// step that is unreadable (parse's *InputError) or that the rules refuse
// (the *StepError), and returns the position before that step with it. A
// step the rules only frown on (a *StepError with Warning set) is played.
func ApplySteps[P, S any](pos P, steps [][]byte, parse func([]byte) (S, error), apply func(P, S) (P, *StepError)) (P, error) {
	for _, raw := range steps {
		st, err := parse(raw)
		if err != nil {
			return pos, err
		}
		next, serr := apply(pos, st)
		if serr != nil && !serr.Warning {
			return pos, serr
		}
		pos = next
	}
	return pos, nil
}
