// Package kit is what a game's web package (web/<game>) is made of and
// what it gives the shared handlers (web/server): its result editor, its
// play-along pages, its German text and its static files, bundled with
// its engine into one line of the registry (web/games); and the helpers
// every game's pages share (page and form fields, the reader's language,
// form errors, refusals). It does not know the registry: imports flow
// scoring/<game> ← views ← kit ← web/<game> ← web/games ← web/server.
package kit

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/url"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
)

// Game is one line of the registry: a game's engine and its web package.
type Game struct {
	Engine scoring.Game
	Web
}

// Web is what a game's web package gives the shared handlers.
type Web struct {
	// Editor is the form a game's result is entered on.
	Editor Editor
	// Pages are its play-along pages; nil when it cannot be played
	// along.
	Pages Pages
	// German is its part of the German catalog (views/i18n), keyed by
	// the English text; the registry registers it.
	German map[string]string
	// Static are its files served under /static/ with the shared ones
	// (e.g. css/play-adh.css, named so in Page.Styles); nil when it has
	// none. The registry registers them.
	Static fs.FS
}

// Editor is a game's result form: it draws the entry page and turns the
// posted form into the engine's JSON state. Form field names are the
// JSON paths the engine reports errors on ("players[1].display.red"), so
// an engine's error lands next to the field that caused it.
//
// It is a set of functions rather than an interface: editors are put
// together from shared parts (Counters builds three of them, the round
// games share their values), and the optional parts are nil.
type Editor struct {
	// Page draws the form for an entry.
	Page func(e Entry) templ.Component
	// Parse builds the engine state from a posted form (for a Rounds
	// editor, one round). A field it cannot read is a
	// *scoring.InputError on the form's field name; slots maps the
	// state's players to the form's seats (the check page leaves empty
	// seats out).
	Parse func(values url.Values, fixedNames []string) (state json.RawMessage, slots []int, err error)
	// Values turns a stored state back into form values (corrections).
	Values func(state json.RawMessage) url.Values
	// Display draws the state's cards per player on the result page;
	// nil when the result shows none.
	Display func(state json.RawMessage) map[string][]views.StackView
	// Rounds is set for games entered one round at a time (the engine
	// implements scoring.Rounds): Parse then builds one round, which is
	// recorded with RecordRound; any round is corrected with the same
	// editor (RoundValues, CorrectRound).
	Rounds bool
	// RoundValues turns round n (1-based) of a stored game back into the
	// round editor's values, for correcting that round; nil when the
	// game has no round n.
	RoundValues func(state json.RawMessage, n int) url.Values
	// Progress says how close a game in progress, state, is to its end,
	// e.g. "Ben is 6 points from 50", said at rendering (round games;
	// optional; zero when there is nothing to say).
	Progress func(state json.RawMessage) scoring.Phrase
	// Noun names what the entry page asks for ("final collections") and
	// Intro says what to enter; zero means the shared wording ("final
	// displays").
	Noun, Intro scoring.Phrase
}

// Entry is everything an editor page shows.
type Entry struct {
	views.Page
	views.Form
	Heading, Intro, Submit scoring.Phrase
	Action                 string
	// Ctx is the request's context: its language (nil = English).
	Ctx context.Context
	// Names are the table's players; nil on the check page, where the
	// players are named in the form.
	Names  []string
	Values url.Values
	Errors views.Errors
	// Round editors (Editor.Rounds) also get the game the round adds
	// to: its number, its state so far (nil when the round starts a new
	// game) and the table's options, which a new game starts with.
	GameNumber int
	// Round is the round a round editor corrects (0: the next round).
	Round   int
	Current json.RawMessage
	Options json.RawMessage
	// Start is the seat of who starts this game (the table's "Who
	// starts?"; 0, the first seat, when nobody was chosen): the dealer
	// of round 1, from whom the rotation goes on.
	Start int
}

// Pages are one game's play-along pages. The routes, the event log and
// the error handling are shared (web/server); a game only says how its
// forms become the engine's setup and step JSON and how a position looks.
type Pages interface {
	// SetupPage is the form that starts a guided game; on a refused
	// start it shows what was typed (read from c) with errs by field.
	SetupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component
	// SetupJSON reads the posted start form into the engine's setup; a
	// form that is not one is a *scoring.InputError on its field.
	SetupJSON(c echo.Context, t sessions.Table) (json.RawMessage, error)
	// TurnPage shows the game in progress: flash is a refused step's
	// message (zero when there is none) and undo names the newest move
	// for the undo button, said by the page (views.SayMove); zero when
	// there is none or the table's newest entry is not the guided game's.
	TurnPage(c echo.Context, t sessions.Table, flash, undo scoring.Phrase) (templ.Component, error)
	// StepJSON reads a posted move into the engine's step; a form that
	// is not a move is a *scoring.InputError, shown with the turn.
	StepJSON(c echo.Context, t sessions.Table) (json.RawMessage, error)
}

// MoveNamer is Pages that name the guided game's newest move ("Ben
// pounced"), as a phrase said at rendering in the reader's language: the
// undo button says what it takes back and the view-only page what just
// happened. Zero when the game has no move yet. A move told as a sentence
// (Alaska's river) keeps its full stop; the pages that say it drop it, as
// they add their own ("Last move: %s.").
type MoveNamer interface {
	LastMove(t sessions.Table) (scoring.Phrase, error)
}
