package check

import (
	"errors"
	"net/http"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/views"
	"tablemate/web/games"
	"tablemate/web/kit"
)

// checkIndex lists the games whose scores can be checked.
func (a *Area) Index(c echo.Context) error {
	return a.Render(c, http.StatusOK, views.CheckIndex(views.CheckIndexVM{Page: kit.Page(c, scoring.Phrasef("Check a score")), Games: games.Infos()}))
}

// checkForm renders a game's checker: its kit.Editor (for a game scored
// round by round, first who plays, then its round editor), or the JSON
// form.
func (a *Area) Form(c echo.Context) error {
	engine, ok := games.Engine(c.Param("game"))
	if !ok {
		return echo.ErrNotFound
	}
	info := engine.Info()
	if ed, ok := games.Editor(info.Slug); ok && ed.Rounds {
		return a.checkRoundsStart(c, info, ed)
	} else if ok {
		return a.Render(c, http.StatusOK, ed.Page(checkEntry(c, info, nil, nil)))
	}
	vm := views.JSONCheckVM{Page: kit.Page(c, scoring.Phrasef("Check %s", info.Title)), Form: kit.Form(c, 0), Game: info}
	return a.Render(c, http.StatusOK, views.JSONCheck(vm))
}

func checkEntry(c echo.Context, info scoring.Info, values map[string][]string, errs views.Errors) kit.Entry {
	return kit.Entry{
		Ctx:  c.Request().Context(),
		Page: kit.Page(c, scoring.Phrasef("Check %s", info.Title)), Form: kit.Form(c, 0), Values: values, Errors: errs,
		Heading: scoring.Phrasef("Check a score"), Action: "/check/" + info.Slug, Submit: scoring.Phrasef("Check the score"),
		Intro: scoring.Phrasef("Name the players and enter what each has in front of them. Nothing is saved."),
	}
}

// submitCheck scores a posted state without storing anything.
func (a *Area) Submit(c echo.Context) error {
	engine, ok := games.Engine(c.Param("game"))
	if !ok {
		return echo.ErrNotFound
	}
	info := engine.Info()
	values, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, scoring.Phrasef("The form could not be read."))
	}
	ed, hasEditor := games.Editor(info.Slug)
	if hasEditor && ed.Rounds && strings.TrimSpace(c.FormValue("state")) == "" {
		return a.checkRound(c, engine, ed, values)
	}
	hasEditor = hasEditor && !ed.Rounds
	if hasEditor && c.FormValue("_reopen") == "1" {
		return a.Render(c, http.StatusOK, ed.Page(checkEntry(c, info, values, nil)))
	}
	var body []byte
	var slots []int
	if hasEditor {
		body, slots, err = ed.Parse(values, nil)
	} else {
		body = []byte(c.FormValue("state"))
	}
	var res scoring.Result
	if err == nil {
		res, err = engine.Check(body)
	}
	var in *scoring.InputError
	if errors.As(err, &in) {
		if hasEditor {
			return a.Render(c, http.StatusUnprocessableEntity, ed.Page(checkEntry(c, info, values, views.Errors{kit.RemapField(in.Field, slots): in.Phrase})))
		}
		vm := views.JSONCheckVM{Page: kit.Page(c, scoring.Phrasef("Check %s", info.Title)), Form: kit.Form(c, 0), Game: info, Body: string(body),
			Errors: views.Errors{"state": scoring.Verbatim(in.Error())}} // the JSON as the API reads it, in English
		return a.Render(c, http.StatusUnprocessableEntity, views.JSONCheck(vm))
	}
	if err != nil {
		return err
	}
	vm := views.ResultVM{
		Page: kit.Page(c, scoring.Phrasef("Checked score")), Heading: scoring.Phrasef("Checked score"), GameTitle: scoring.Verbatim(info.Title), Result: res,
		BackURL: "/check/" + info.Slug, BackLabel: scoring.Phrasef("Check another"),
	}
	if hasEditor {
		if ed.Display != nil {
			vm.Displays = ed.Display(body)
		}
		vm.Reopen = reopen(c, "/check/"+info.Slug, values)
	}
	return a.Render(c, http.StatusOK, views.ResultPage(vm))
}

// reopen carries the entered values (not the form's own hidden fields)
// back to the editor.
func reopen(c echo.Context, action string, values map[string][]string) *views.Reopen {
	r := &views.Reopen{Action: action, CSRF: kit.CSRFToken(c)}
	names := make([]string, 0, len(values))
	for name := range values {
		if !strings.HasPrefix(name, "_") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		for _, v := range values[name] {
			r.Fields = append(r.Fields, views.Field{Name: name, Value: v})
		}
	}
	return r
}
