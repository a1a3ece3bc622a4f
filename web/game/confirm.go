package game

import (
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/serve"
)

// Never save by accident (issue #18): a whole result that breaks a rule
// or leaves a player with nothing entered is not saved on the first
// "Check and save". The page lists what is wrong, in the players' words,
// with two ways on: "Fix it" (the filled form again, nothing lost) and
// "Save as disputed" (the entry recorded as it is, every broken rule
// shown with it). Only that explicit second choice writes, and it is an
// ordinary write: the version the phone saw and the entry's one-time
// token, which the first answer kept.
const (
	FieldDisputed = "_disputed" // the second choice: save the entry as it is
	FieldFix      = "_fix"      // back to the filled form
)

// entryCheck is what is wrong with an entry before it is saved.
type entryCheck struct {
	Violations []scoring.Violation
	Empty      []string // players with nothing entered
}

func (e entryCheck) ok() bool { return len(e.Violations) == 0 && len(e.Empty) == 0 }

// entryProblems is what the engine's check of an entry (res, the
// result the store will record with it) and the form say is wrong with
// it: the rules it breaks and the seats left empty. An entry the engine
// cannot read at all is not held here: the store refuses it, naming the
// field.
func entryProblems(res scoring.Result, names []string, values url.Values) entryCheck {
	chk := entryCheck{Violations: res.Violations}
	for i, name := range names {
		if seatEmpty(values, i) {
			chk.Empty = append(chk.Empty, name)
		}
	}
	return chk
}

// seatEmpty reports whether the form has nothing for seat i but its name:
// every field of the seat is blank or 0 (the editors' defaults).
func seatEmpty(values url.Values, i int) bool {
	prefix := views.PField(i, "")
	for k, vs := range values {
		if !strings.HasPrefix(k, prefix) || k == prefix+"name" {
			continue
		}
		for _, v := range vs {
			if v = strings.TrimSpace(v); v != "" && v != "0" {
				return false
			}
		}
	}
	return true
}

// holdBrokenEntry is the first step of saving a whole result (a new game
// or a correction): when the entry is fine, or the phone chose "Save as
// disputed", it answers false and the caller saves. Otherwise nothing is
// saved and it answers the problems page, or with "Fix it" the filled
// form, keeping the entry's token and the version its phone saw.
func (a *Area) holdBrokenEntry(c echo.Context, t sessions.Table, eg entryGame, values url.Values, res scoring.Result) (bool, error) {
	if values.Get(FieldDisputed) != "" {
		return false, nil
	}
	chk := entryProblems(res, eg.Names, values)
	if chk.ok() {
		return false, nil
	}
	seen, _ := serve.FormInt(c, "_seen")
	kept := url.Values{}
	for k, vs := range values {
		if !strings.HasPrefix(k, "_") {
			kept[k] = vs
		}
	}
	if values.Get(FieldFix) != "" {
		e := gameEntry(c, t, eg, kept, nil, scoring.Phrasef("Not saved yet. Fix what is listed, then check and save again."))
		e.FlashList = problemLines(chk)
		e.Form.Token, e.Form.Seen = values.Get("_token"), seen
		return true, a.Render(c, http.StatusOK, eg.Ed.Page(e))
	}
	e := gameEntry(c, t, eg, nil, nil, scoring.Phrase{})
	vm := views.ConfirmVM{
		Page: e.Page, Form: e.Form, Action: e.Action, Heading: e.Heading,
		Empty: chk.Empty, Violations: chk.Violations,
	}
	vm.Form.Token, vm.Form.Seen = values.Get("_token"), seen
	vm.Page.Flash = scoring.Phrase{}
	keys := make([]string, 0, len(kept))
	for k := range kept {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, v := range kept[k] {
			vm.Values = append(vm.Values, views.HiddenValue{Name: k, Value: v})
		}
	}
	return true, a.Render(c, http.StatusUnprocessableEntity, views.ConfirmEntry(vm))
}

// problemLines says each problem in one line, for the form's banner.
func problemLines(chk entryCheck) []scoring.Phrase {
	var out []scoring.Phrase
	for _, name := range chk.Empty {
		out = append(out, scoring.Phrasef("%s: nothing entered yet", name))
	}
	for _, v := range chk.Violations {
		line := v.Text()
		if v.Player != "" {
			line = scoring.Phrasef("%s: %s", v.Player, line)
		}
		out = append(out, line)
	}
	return out
}
