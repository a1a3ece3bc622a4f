package kit

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"tablemate/scoring"
	"tablemate/views"
)

// Counters describes a result editor made of simple fields per player
// (views.CountersEntry): which fields, and how posted values become the
// engine's state and back.
type Counters struct {
	Title       string
	Noun, Intro scoring.Phrase // what the entry page asks for (Editor)
	Slots       int            // seats on the check page
	// Fields lists player i's fields; names are the seated players (for
	// choices among them).
	Fields func(i int, names []string) []views.CounterField
	// Options lists the table-level choices.
	Options func(names []string) []views.CounterField
	// Player builds player i's part of the state from the form.
	Player func(v url.Values, i int, name string) (any, error)
	// State wraps the players (and options) into the engine's request.
	State func(v url.Values, players []any) any
	// Values turns a stored state back into form values.
	Values func(state json.RawMessage) url.Values
}

// Editor is the game's result editor (views.CountersEntry).
func (s Counters) Editor() Editor {
	return Editor{Page: s.page, Parse: s.parse, Values: s.Values, Noun: s.Noun, Intro: s.Intro}
}

// parse builds the state; on the check page, seats without a name are
// skipped (slots maps the state's players back to the form's seats).
func (s Counters) parse(v url.Values, fixed []string) (json.RawMessage, []int, error) {
	seats := s.Slots
	if fixed != nil {
		seats = len(fixed)
	}
	var players []any
	var slots []int
	for i := range seats {
		name := strings.TrimSpace(v.Get(views.PField(i, "name")))
		if fixed != nil {
			name = fixed[i]
		}
		if fixed == nil && name == "" {
			continue
		}
		p, err := s.Player(v, i, name)
		if err != nil {
			return nil, nil, err
		}
		players = append(players, p)
		slots = append(slots, i)
	}
	return StateOf(s.State(v, players)), slots, nil
}

func (s Counters) page(e Entry) templ.Component {
	vm := views.CountersVM{Page: e.Page, Form: e.Form, GameTitle: scoring.Verbatim(s.Title), Heading: e.Heading, Intro: e.Intro,
		Action: e.Action, Submit: e.Submit, EditNames: e.Names == nil, Errors: e.Errors}
	seats, names := s.Slots, e.Names
	if e.Names != nil {
		seats = len(e.Names)
	}
	v := e.Values
	if v == nil {
		v = url.Values{}
	}
	for i := range seats {
		p := views.CounterPlayer{Index: i, Name: v.Get(views.PField(i, "name"))}
		if e.Names != nil {
			p.Name = e.Names[i]
		}
		for _, f := range s.Fields(i, names) {
			f.Value = v.Get(f.Name)
			if f.Value == "" && e.Values == nil && f.Kind == "" {
				f.Value = "0"
			}
			p.Fields = append(p.Fields, f)
		}
		vm.Players = append(vm.Players, p)
	}
	if s.Options != nil {
		for _, f := range s.Options(names) {
			f.Value = v.Get(f.Name)
			vm.Options = append(vm.Options, f)
		}
	}
	return views.CountersEntry(vm)
}

// Number reads a whole-number field; empty is 0.
func Number(v url.Values, field, what string) (int, error) {
	s := strings.TrimSpace(v.Get(field))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, FormErrorf(field, "%s must be a whole number, not %q", scoring.Phrasef(what), s)
	}
	return n, nil
}

func NumberField(i int, name string, label, hint scoring.Phrase) views.CounterField {
	return views.CounterField{Name: views.PField(i, name), ID: CounterID(i, name), Label: label, Hint: hint}
}

// CounterID is a field's element id: "p1-red_shelter-runes".
func CounterID(i int, name string) string {
	return "p" + strconv.Itoa(i) + "-" + strings.ReplaceAll(name, ".", "-")
}

func OtherPlayers(names []string, i int) []string {
	var out []string
	for j, n := range names {
		if j != i {
			out = append(out, n)
		}
	}
	return out
}
