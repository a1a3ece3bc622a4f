package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/sessions/league"
	"tablemate/views"
)

// exportTable downloads a table's whole event log as JSON.
func (a *app) exportTable(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	x, err := a.tables.Export(c.Request().Context(), t.ID)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(x, "", " ")
	if err != nil {
		return err
	}
	attach(c, fileName(t.Name)+".json")
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// exportResults downloads every game's totals as CSV, one row per player
// and game, for spreadsheets.
func (a *app) exportResults(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	s := newSheet()
	s.row("table", "game", "player", "total", "winner", "valid")
	for _, g := range t.Games {
		for _, p := range g.Result.Players {
			s.row(t.Name, g.Number, p.Name, p.Total, slices.Contains(g.Result.Winners, p.Name), g.Result.Valid)
		}
	}
	attach(c, fileName(t.Name)+"-results.csv")
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", s.bytes())
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

func fileName(name string) string {
	n := strings.Trim(unsafeName.ReplaceAllString(name, "-"), "-")
	if n == "" {
		n = "table"
	}
	return "tablemate-" + n
}

func attach(c echo.Context, name string) {
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", name))
}

// importForm shows the upload form for an exported table.
func (a *app) importForm(c echo.Context) error {
	return render(c, http.StatusOK, views.ImportTable(views.ImportVM{Page: page(c, tr(c, "Import a table")), Form: form(c, 0)}))
}

// importTable stores an uploaded export as a new table, or says why not.
func (a *app) importTable(c echo.Context) error {
	fail := func(msg string) error {
		vm := views.ImportVM{Page: page(c, tr(c, "Import a table")), Form: form(c, 0), Error: msg}
		return render(c, http.StatusUnprocessableEntity, views.ImportTable(vm))
	}
	fh, err := c.FormFile("file")
	if err != nil {
		return fail(tr(c, "Choose the .json file a table was exported to."))
	}
	f, err := fh.Open()
	if err != nil {
		return fail(tr(c, "The file could not be read."))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, scoring.MaxBody+1))
	if err != nil {
		return fail(tr(c, "The file could not be read."))
	}
	var kind struct {
		Format string `json:"format"`
	}
	json.Unmarshal(data, &kind)
	var id string
	if kind.Format == "tablemate-league" {
		var l sessions.League
		if l, err = a.tables.ImportLeague(c.Request().Context(), data); err == nil {
			return redirect(c, "/l/"+l.AdminID)
		}
	} else {
		id, err = a.tables.Import(c.Request().Context(), data)
	}
	var in *scoring.InputError
	if errors.As(err, &in) {
		return fail(tr(c, "Nothing was imported: %s", in.Error()))
	}
	if err != nil {
		return err
	}
	return redirect(c, "/tables/"+id)
}

// exportLeague downloads a league with all its tables' logs as JSON.
func (a *app) exportLeague(c echo.Context) error {
	l, err := a.loadLeagueAdmin(c)
	if err != nil {
		return err
	}
	x, err := a.tables.ExportLeague(c.Request().Context(), l)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(x, "", " ")
	if err != nil {
		return err
	}
	attach(c, fileName(l.Name)+"-league.json")
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// exportStandings downloads a league's standings as CSV.
func (a *app) exportStandings(c echo.Context) error {
	l, err := a.tables.League(c.Request().Context(), c.Param("id"))
	if errors.Is(err, sessions.ErrNotFound) {
		return echo.ErrNotFound
	}
	if err != nil {
		return err
	}
	lgames, err := a.tables.LeagueGames(c.Request().Context(), l)
	if err != nil {
		return err
	}
	results := make([]league.Result, len(lgames))
	for i, g := range lgames {
		results[i] = g.Result
	}
	s := newSheet()
	s.row("rank", "player", "played", "wins", "points")
	for _, st := range league.Standings(results, l.Scheme, l.Points) {
		s.row(st.Rank, st.Player, st.Played, st.Wins, st.Points)
	}
	attach(c, fileName(l.Name)+"-standings.csv")
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", s.bytes())
}
