package server

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"tablemate/views"
	"tablemate/views/i18n"
)

// counterSpec describes a result editor made of simple fields per player
// (views.CountersEntry): which fields, and how posted values become the
// engine's state and back.
type counterSpec struct {
	title, noun, intro string
	slots              int // seats on the check page
	// fields lists player i's fields; names are the seated players (for
	// choices among them).
	fields func(i int, names []string) []views.CounterField
	// options lists the table-level choices.
	options func(names []string) []views.CounterField
	// player builds player i's part of the state from the form.
	player func(v url.Values, i int, name string) (any, error)
	// state wraps the players (and options) into the engine's request.
	state func(v url.Values, players []any) any
	// values turns a stored state back into form values.
	values func(state json.RawMessage) url.Values
}

func (s counterSpec) editor() editor {
	return editor{page: s.page, parse: s.parse, values: s.values, noun: s.noun, intro: s.intro}
}

// parse builds the state; on the check page, seats without a name are
// skipped (slots maps the state's players back to the form's seats).
func (s counterSpec) parse(v url.Values, fixed []string) (json.RawMessage, []int, error) {
	seats := s.slots
	if fixed != nil {
		seats = len(fixed)
	}
	var players []any
	var slots []int
	for i := range seats {
		name := strings.TrimSpace(v.Get(pfield(i, "name")))
		if fixed != nil {
			name = fixed[i]
		}
		if fixed == nil && name == "" {
			continue
		}
		p, err := s.player(v, i, name)
		if err != nil {
			return nil, nil, err
		}
		players = append(players, p)
		slots = append(slots, i)
	}
	return stateOf(s.state(v, players)), slots, nil
}

func (s counterSpec) page(e entry) templ.Component {
	vm := views.CountersVM{Page: e.Page, Form: e.Form, GameTitle: s.title, Heading: e.Heading, Intro: e.Intro,
		Action: e.Action, Submit: e.Submit, EditNames: e.Names == nil, Errors: e.Errors}
	seats, names := s.slots, e.Names
	if e.Names != nil {
		seats = len(e.Names)
	}
	v := e.Values
	if v == nil {
		v = url.Values{}
	}
	for i := range seats {
		p := views.CounterPlayer{Index: i, Name: v.Get(pfield(i, "name"))}
		if e.Names != nil {
			p.Name = e.Names[i]
		}
		for _, f := range s.fields(i, names) {
			f.Value = v.Get(f.Name)
			if f.Value == "" && e.Values == nil && f.Kind == "" {
				f.Value = "0"
			}
			p.Fields = append(p.Fields, f)
		}
		vm.Players = append(vm.Players, p)
	}
	if s.options != nil {
		for _, f := range s.options(names) {
			f.Value = v.Get(f.Name)
			vm.Options = append(vm.Options, f)
		}
	}
	return views.CountersEntry(vm)
}

// number reads a whole-number field; empty is 0.
func number(v url.Values, field, what string) (int, error) {
	s := strings.TrimSpace(v.Get(field))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, formErrorf(field, "%s must be a whole number, not %q", i18n.Word(what), s)
	}
	return n, nil
}

func numberField(i int, name, label, hint string) views.CounterField {
	return views.CounterField{Name: pfield(i, name), ID: counterID(i, name), Label: label, Hint: hint}
}

// counterID is a field's element id: "p1-red_shelter-runes".
func counterID(i int, name string) string {
	return "p" + strconv.Itoa(i) + "-" + strings.ReplaceAll(name, ".", "-")
}

func otherPlayers(names []string, i int) []string {
	var out []string
	for j, n := range names {
		if j != i {
			out = append(out, n)
		}
	}
	return out
}
