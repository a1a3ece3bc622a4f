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
}

func (e *StepError) Error() string { return fmt.Sprintf("step %d: %s", e.Step, e.Message) }
