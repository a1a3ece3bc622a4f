package views

import "tablemate/scoring"

// ConfirmVM is the page a whole result that breaks a rule or leaves a
// player empty gets instead of being saved (issue #18): what is wrong,
// then "Fix it" or "Save as disputed", both posting the entry again.
type ConfirmVM struct {
	Page
	Form
	Heading scoring.Phrase
	Action  string
	// Values are the entry's fields, posted again by either choice.
	Values     []HiddenValue
	Empty      []string // players with nothing entered
	Violations []scoring.Violation
}

// HiddenValue is one form field carried by a hidden input.
type HiddenValue struct{ Name, Value string }

// Problems counts what the page lists.
func (vm ConfirmVM) Problems() int { return len(vm.Empty) + len(vm.Violations) }
