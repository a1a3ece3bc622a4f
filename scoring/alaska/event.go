package alaska

import (
	"fmt"
	"slices"
	"strings"
)

// Kind names what a move did, for the pages and the play log.
type Kind string

// Move outcomes.
const (
	Nothing       Kind = "nothing"        // a cast into an empty section
	OpenWater     Kind = "open_water"     // a cast naming no section (ruling ALA-3)
	Caught        Kind = "caught"         // a cast caught a salmon
	HookedTourist Kind = "hooked_tourist" // a cast hooked a tourist
	HookedLocal   Kind = "hooked_local"   // a cast hooked a local
	SalmonPlaced  Kind = "salmon_placed"
	AnglerPlaced  Kind = "angler_placed"
	LocalChased   Kind = "local_chased" // a tourist placed on a local: both leave
	Flowed        Kind = "flow"
	EagleCaught   Kind = "eagle_caught"
	EagleChased   Kind = "eagle_chased"
	BearCleared   Kind = "bear_cleared"
	BearAte       Kind = "bear_ate"
)

// Event describes one move on the river and what it means for the player
// whose move it was.
type Event struct {
	Kind Kind `json:"kind"`
	// Section is the river section acted on (cast, angler, eagle); 0 if none.
	Section int `json:"section,omitempty"`
	// Salmon is the salmon concerned, by its lower section; 0 if none.
	Salmon int `json:"salmon,omitempty"`
	// Gained is the change to the mover's caught salmon: +1 for a catch,
	// −1 for a salmon given to a hooked local or eaten by a bear (then it is
	// the catcher who loses it).
	Gained int `json:"gained"`
	// LoseHand and SkipTurn are a hooked tourist's price: the caster
	// discards their remaining hand cards and sits out their next turn.
	LoseHand bool `json:"lose_hand,omitempty"`
	SkipTurn bool `json:"skip_turn,omitempty"`
	// Catches lists the salmon the anglers caught during a flow.
	Catches []Catch `json:"catches,omitempty"`
	Text    string  `json:"text"`
	// Lines are Text's sentences before formatting, so a page can tell
	// them in the reader's language; the API answers Text.
	Lines []Line `json:"-"`
}

// Line is one sentence of an event's text: an English format (a message
// id) and its arguments.
type Line struct {
	Format string
	Args   []any
}

func (l Line) String() string { return fmt.Sprintf(l.Format, l.Args...) }

// tell adds a sentence to the end of e's text.
func (e *Event) tell(format string, args ...any) {
	e.Lines = append(slices.Clip(e.Lines), Line{Format: format, Args: args})
	e.Text = joinLines(e.Lines)
}

// tellFirst puts a sentence before e's text.
func (e *Event) tellFirst(format string, args ...any) {
	e.Lines = append([]Line{{Format: format, Args: args}}, e.Lines...)
	e.Text = joinLines(e.Lines)
}

// retell replaces e's text with one sentence.
func (e *Event) retell(format string, args ...any) {
	e.Lines = nil
	e.tell(format, args...)
}

func joinLines(ls []Line) string {
	s := make([]string, len(ls))
	for i, l := range ls {
		s[i] = l.String()
	}
	return strings.Join(s, " ")
}

// Catch is one salmon taken by an angler while the river flowed.
type Catch struct {
	Flow    int    `json:"flow"`    // which flow card, from 1
	Salmon  int    `json:"salmon"`  // the salmon's lower section before it moved
	Section int    `json:"section"` // the angler's section
	Angler  Angler `json:"angler"`
}

// MoveError is a move the river does not allow; Code is stable snake_case
// for guided play ("no_section", "section_taken", "no_salmon",
// "no_angler", "card_value", "cast_cards", "nothing_to_eat") and Rule the
// ruling that decides (ALA-4 for section_taken, CAM-1 for card_value,
// else ALA-1).
type MoveError struct {
	Code    string `json:"code"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
	// Format and Args are Message before formatting, so the step refusal
	// it becomes (refuser.move) can be said in the reader's language.
	Format string `json:"-"`
	Args   []any  `json:"-"`
}

// moveErrorf returns the *MoveError with its message formatted from
// format and args.
func moveErrorf(code, format string, args ...any) *MoveError {
	rule := "ALA-1"
	switch code {
	case "section_taken":
		rule = "ALA-4" // one angler per section
	case "card_value":
		rule = "CAM-1" // number cards are 0–13
	}
	return &MoveError{Code: code, Rule: rule, Message: fmt.Sprintf(format, args...), Format: format, Args: args}
}

func (e *MoveError) Error() string { return e.Message }
