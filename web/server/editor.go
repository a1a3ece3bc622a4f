package server

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"tablemate/views"
)

// editor is a game's result form: it draws the entry page and turns the
// posted form into the engine's JSON state. Form field names are the JSON
// paths the engine reports errors on ("players[1].display.red"), so an
// engine's error lands next to the field that caused it.
type editor struct {
	// page draws the form for an entry.
	page func(e entry) templ.Component
	// parse builds the engine state from a posted form. A field it cannot
	// read is a *scoring.InputError on the form's field name.
	parse func(values url.Values, fixedNames []string) (state json.RawMessage, slots []int, err error)
	// values turns a stored state back into form values (for corrections).
	values func(state json.RawMessage) url.Values
	// display draws the state's cards per player on the result page.
	display func(state json.RawMessage) map[string][]views.StackView
	// rounds is set for games entered one round at a time (the engine
	// implements scoring.Rounds): parse then builds one round, which is
	// recorded with RecordRound.
	rounds bool
	// progress says in words how close a game in progress, state, is to
	// its end, e.g. "Ben is 6 points from 50" (round-based games;
	// optional).
	progress func(ctx context.Context, state json.RawMessage) string
	// noun names what the entry page asks for ("final collections") and
	// intro says what to enter; empty means the KKS wording.
	noun, intro string
}

// entry is everything an editor page shows.
type entry struct {
	views.Page
	views.Form
	Heading, Intro, Action, Submit string
	// ctx is the request's context: its language (nil = English).
	ctx context.Context
	// Names are the table's players; nil on the check page, where the
	// players are named in the form.
	Names  []string
	Values url.Values
	Errors views.Errors
	// Round editors (editor.rounds) also get the game the round adds to:
	// its number, its state so far (nil when the round starts a new game)
	// and the table's options, which a new game starts with.
	GameNumber int
	Current    json.RawMessage
	Options    json.RawMessage
}

// editorFor returns the result editor of a game.
func editorFor(slug string) (editor, bool) {
	switch slug {
	case "koffer-katze-sombrero":
		return kksEditor(), true
	case "auf-der-hut":
		return adhEditor(), true
	case "kociaki-lobuziaki":
		return kocEditor(), true
	case "cambio":
		return cambioEditor(), true
	case "kodiak":
		return kodiakEditor(), true
	case "alaska":
		return alaskaEditor(), true
	case "rune-market":
		return runeMarketEditor(), true
	}
	return editor{}, false
}

// remapField translates an engine field path on the built state back to
// the form's field: the state's players[k] is the form's slot slots[k]
// (empty check-page slots are left out of the state).
func remapField(field string, slots []int) string {
	rest, ok := strings.CutPrefix(field, "players[")
	if !ok {
		return field
	}
	num, tail, ok := strings.Cut(rest, "]")
	k, err := strconv.Atoi(num)
	if !ok || err != nil || k < 0 || k >= len(slots) {
		return field
	}
	return "players[" + strconv.Itoa(slots[k]) + "]" + tail
}
