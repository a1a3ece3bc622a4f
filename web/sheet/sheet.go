// Package sheet is "another game" on the web: a plain score sheet for a
// game Tablemate has no rules for. Its editor takes one round of scores
// at a time (or the final scores only); the first round names the game
// (remembered on this phone and offered next time, js/sheet.js) and says
// whether the highest or the lowest total wins. The engine is
// scoring/sheet; the registry (web/games) bundles the two.
package sheet

import (
	"embed"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"tablemate/scoring"
	"tablemate/scoring/sheet"
	"tablemate/views"
	"tablemate/web/kit"
)

//go:embed js
var assets embed.FS

// Web is the score sheet's web package, as the registry holds it.
func Web() kit.Web {
	return kit.Web{Editor: kit.Editor{Page: page, Parse: parse, Values: values, Rounds: true, RoundValues: roundValues,
		Noun: scoring.Phrasef("scores"), Intro: scoring.Phrasef("Enter each player's score as it stands on your pad.")},
		German: german, Static: assets}
}

// parse reads one round of the sheet: the first one also names the game
// and how it is won; "end" ends the game without another round.
func parse(v url.Values, names []string) (json.RawMessage, []int, error) {
	r := sheet.Round{Name: strings.TrimSpace(v.Get("name")), LowestWins: v.Get("wins") == "lowest",
		FinalOnly: v.Get("mode") == "final", Last: v.Get("last") == "1" || v.Get("end") == "1"}
	var slots []int
	if v.Get("end") != "1" {
		for i, name := range names {
			field := views.PField(i, "points")
			s := strings.TrimSpace(v.Get(field))
			n := 0
			if s != "" {
				var err error
				if n, err = strconv.Atoi(s); err != nil {
					return nil, nil, kit.FormErrorf(field, "%s's score must be a whole number (a minus sign for negatives), not %q", name, s)
				}
			}
			r.Scores = append(r.Scores, sheet.Entry{Name: name, Points: n})
			slots = append(slots, i)
		}
	}
	body, err := json.Marshal(r)
	return body, slots, err
}

// values are a stored sheet's name as form values (a sheet is corrected
// one round at a time: roundValues).
func values(state json.RawMessage) url.Values {
	return url.Values{"name": {sheet.Named(state)}}
}

// roundValues is round n of a stored sheet as the round editor's values,
// to correct it: each player's score typed in it, by the sheet's seats;
// nil when the sheet has no round n.
func roundValues(state json.RawMessage, n int) url.Values {
	var s sheet.State
	if json.Unmarshal(state, &s) != nil || n < 1 || len(s.Players) == 0 {
		return nil
	}
	v := url.Values{}
	for i, p := range s.Players {
		if n > len(p.Scores) {
			return nil
		}
		v.Set(views.PField(i, "points"), strconv.Itoa(p.Scores[n-1]))
	}
	return v
}

// EntryVM is the sheet's round editor.
type EntryVM struct {
	views.Page
	views.Form
	Heading, Intro, Submit scoring.Phrase
	Action                 string
	// New is set for the first round of a game: it names the game.
	New bool
	// Fix is set when the page corrects round Round of a recorded game.
	Fix         bool
	Name        string
	Lowest      bool
	Final       bool
	Round       int
	Players     []PlayerVM
	Errors      views.Errors
	FinalOnly   bool // the game takes final scores only
	NamesStored string
}

// PlayerVM is one player's score field.
type PlayerVM struct {
	Index        int
	Name, Value  string
	Total        int
	Field, Input string
}

func page(e kit.Entry) templ.Component {
	vm := EntryVM{Page: e.Page, Form: e.Form, Heading: e.Heading, Intro: e.Intro, Action: e.Action, Submit: e.Submit,
		New: e.Current == nil, Errors: e.Errors, Round: 1}
	vm.Scripts = append(vm.Scripts, "js/sheet.js")
	v := e.Values
	if v == nil {
		v = url.Values{}
	}
	vm.Name, vm.Lowest, vm.Final = v.Get("name"), v.Get("wins") == "lowest", v.Get("mode") == "final"
	totals := map[string]int{}
	if e.Current != nil {
		if res, err := (sheet.Engine{}).Check(e.Current); err == nil {
			for _, p := range res.Players {
				totals[p.Name] = p.Total
				vm.Round = max(vm.Round, len(p.Rounds)+1)
			}
		}
		vm.Name = sheet.Named(e.Current)
	}
	vm.Heading = scoring.Phrasef("Game %d · round %d", e.GameNumber, vm.Round)
	if e.Round > 0 {
		// A correction of round e.Round: its scores, under the heading
		// and button the server gives; the game keeps its end.
		vm.Fix, vm.Round, vm.Heading, vm.Submit = true, e.Round, e.Heading, e.Submit
	} else if vm.New {
		vm.Heading = scoring.Phrasef("Game %d: another game", e.GameNumber)
	} else if vm.Name != "" {
		vm.Heading = scoring.Phrasef("%s · round %d", vm.Name, vm.Round)
	}
	for i, name := range e.Names {
		f := views.PField(i, "points")
		vm.Players = append(vm.Players, PlayerVM{Index: i, Name: name, Value: v.Get(f), Total: totals[name], Field: f, Input: kit.CounterID(i, "points")})
	}
	return Entry(vm)
}
