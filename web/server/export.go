package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
)

// exportTable downloads a table's whole event log as JSON.
func (a *App) exportTable(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	return exportLog(c, t)
}

// exportLog answers with t's log as an export file.
func exportLog(c echo.Context, t sessions.Table) error {
	b, err := json.MarshalIndent(sessions.ExportOf(t), "", " ")
	if err != nil {
		return err
	}
	attach(c, fileName(t.Name)+".json")
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// exportResults downloads every game's totals as CSV, one row per player
// and game, for spreadsheets.
func (a *App) exportResults(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	return exportCSV(c, t)
}

// exportCSV answers with t's results as CSV (the edit and the view-only
// link's download alike), every text cell neutralised (newSheet): one row
// per player and game, from the game's record — its place and win, how
// its result stands and whether it counts (a disputed game is listed and
// counts nowhere, ruling G-5).
func exportCSV(c echo.Context, t sessions.Table) error {
	s := newSheet()
	s.row("table", "game", "player", "total", "winner", "valid", "imported", "kind", "place", "status", "counted")
	for _, g := range t.Games {
		r := g.Record
		status := string(r.Status)
		if r.Settled {
			status = "counted_as_entered"
		} else if r.Unfinished {
			status = "unfinished"
		}
		for _, seat := range r.Seats {
			// An imported game is "valid" as its file says; "imported"
			// marks that no rule checked it.
			s.row(t.Name, r.Number, seat.Name, seat.Score, seat.Won, g.Result.Valid, g.Imported != nil, r.Kind, seat.Place, status, r.Counted)
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
func (a *App) importForm(c echo.Context) error {
	return render(c, http.StatusOK, views.ImportTable(views.ImportVM{Page: page(c, tr(c, "Import a table")), Form: form(c, 0)}))
}

// importTable stores an uploaded export (a table or a whole league) as
// new, or says why not. The file is read as a stream: a long table's
// export is megabytes.
func (a *App) importTable(c echo.Context) error {
	fail := func(msg, where string) error {
		vm := views.ImportVM{Page: page(c, tr(c, "Import a table")), Form: form(c, 0), Error: msg, ErrorWhere: where}
		return render(c, http.StatusUnprocessableEntity, views.ImportTable(vm))
	}
	file, done, err := a.openUpload(c, "file")
	defer done()
	if refused := bodyRefused(c); refused != nil {
		return refused // over the import's limit, or too slow: 413 or 408
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		return err // refused before the file was read: 403 or 503
	}
	if err != nil {
		return fail(tr(c, "Choose the .json file a table was exported to."), "")
	}
	defer file.Close()
	body := a.imports.reader(c.RealIP(), file)
	im, err := a.tables.ImportFileOnce(c.Request().Context(), body, uploadToken(c))
	var in *scoring.InputError
	switch {
	case err != nil && bodyRefused(c) != nil:
		return bodyRefused(c) // cut off while read (413 or 408): nothing was imported
	case body.spent:
		c.Response().Header().Set("Retry-After", "60")
		return echo.NewHTTPError(http.StatusTooManyRequests, "This phone imported a lot in a short time. Wait a minute and import again; nothing was imported.")
	case errors.As(err, &in):
		return fail(tr(c, "Nothing was imported: %s", localInput(c, in)), in.Field)
	case err != nil:
		return err
	case im.League != nil:
		return redirect(c, "/l/"+im.League.AdminLink())
	}
	return redirect(c, "/tables/"+im.Edit)
}

// exportLeague downloads a league with all its tables' logs as JSON.
func (a *App) exportLeague(c echo.Context) error {
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
func (a *App) exportStandings(c echo.Context) error {
	l, err := a.loadLeague(c)
	if err != nil {
		return err
	}
	st, err := a.leagues.Stats(c.Request().Context(), l)
	if err != nil {
		return err
	}
	s := newSheet()
	s.row("rank", "player", "played", "wins", "points")
	for _, r := range st.Standings {
		s.row(r.Rank, r.Player, r.Played, r.Wins, r.Points)
	}
	attach(c, fileName(l.Name)+"-standings.csv")
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", s.bytes())
}
