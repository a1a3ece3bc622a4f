package interop

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
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// A table's downloads are the same through its edit link and its
// view-only link (an export holds names, scores and times, never a
// link): File is one of them, Edit and View answer it on the table the
// route's link opens.

// File answers with one download of table t.
type File func(c echo.Context, t sessions.Table) error

// The table's downloads: its log as an export file (export.json), its
// results as CSV (results.csv), its plays for BG Stats (.bgsplay) or
// BoardGameGeek (bgg: export-bgg.xml).
var (
	Log     File = exportLog
	Results File = exportCSV
)

// Plays is the table's counted games as a play file.
func Plays(bgg bool) File {
	return func(c echo.Context, t sessions.Table) error { return answerPlays(c, t.Name, tablePlays(t), bgg) }
}

// Edit answers f on the table whose edit link is the route's :id
// (/tables/:id/…).
func (a *Area) Edit(f File) echo.HandlerFunc { return a.on(a.Table, f) }

// View answers f on the table whose view-only link is the route's :rid
// (/v/:rid/…): what the page shows, nothing more.
func (a *Area) View(f File) echo.HandlerFunc { return a.on(a.ReadOnly, f) }

func (a *Area) on(open func(echo.Context) (sessions.Table, error), f File) echo.HandlerFunc {
	return func(c echo.Context) error {
		t, err := open(c)
		if err != nil {
			return err
		}
		return f(c, t)
	}
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

// exportCSV answers with t's results as CSV (the edit and the view-only
// link's download alike), every text cell neutralised (newSheet): one row
// per player and game, from the game's record — its place and win, how
// its result stands and whether it counts (a disputed game is listed and
// counts nowhere, ruling G-5).
func exportCSV(c echo.Context, t sessions.Table) error {
	s := newSheet()
	s.row("table", "game", "player", "total", "winner", "valid", "imported", "kind", "place", "status", "counted")
	for _, g := range t.Games.All() {
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
			s.row(t.Name, r.Number, seat.Name, seat.Score, seat.Won, g.Result().Valid, g.Imported != nil, r.Kind, seat.Place, status, r.Counted)
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

// ImportForm shows the upload form for an exported table (GET
// /tables/import).
func (a *Area) ImportForm(c echo.Context) error {
	return a.Render(c, http.StatusOK, views.ImportTable(views.ImportVM{Page: kit.Page(c, scoring.Phrasef("Import a table")), Form: kit.Form(c, 0)}))
}

// ImportTable stores an uploaded export (a table or a whole league) as
// new, or says why not (POST /tables/import). The file is read as a
// stream: a long table's export is megabytes.
func (a *Area) ImportTable(c echo.Context) error {
	fail := func(msg scoring.Phrase, where string) error {
		vm := views.ImportVM{Page: kit.Page(c, scoring.Phrasef("Import a table")), Form: kit.Form(c, 0), Error: msg, ErrorWhere: where}
		return a.Render(c, http.StatusUnprocessableEntity, views.ImportTable(vm))
	}
	file, done, err := a.openUpload(c, "file")
	defer done()
	if refused := serve.BodyRefused(c); refused != nil {
		return refused // over the import's limit, or too slow: 413 or 408
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		return err // refused before the file was read: 403 or 503
	}
	if err != nil {
		return fail(scoring.Phrasef("Choose the .json file a table was exported to."), "")
	}
	defer file.Close()
	body := a.budget.reader(c.RealIP(), file)
	im, err := a.Tables.ImportFileOnce(c.Request().Context(), body, uploadToken(c))
	var in *scoring.InputError
	switch {
	case err != nil && serve.BodyRefused(c) != nil:
		return serve.BodyRefused(c) // cut off while read (413 or 408): nothing was imported
	case body.spent:
		c.Response().Header().Set("Retry-After", "60")
		return echo.NewHTTPError(http.StatusTooManyRequests, "This phone imported a lot in a short time. Wait a minute and import again; nothing was imported.")
	case errors.As(err, &in):
		return fail(scoring.Phrasef("Nothing was imported: %s", in.Phrase), in.Field)
	case err != nil:
		return err
	case im.League != nil:
		return serve.Redirect(c, "/l/"+im.League.AdminLink())
	}
	return serve.Redirect(c, "/tables/"+im.Edit)
}

// ExportLeague downloads a league with all its tables' logs as JSON (GET
// /l/:admin/export.json).
func (a *Area) ExportLeague(c echo.Context) error {
	l, err := a.LeagueAdmin(c)
	if err != nil {
		return err
	}
	x, err := a.Tables.ExportLeague(c.Request().Context(), l)
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

// ExportStandings downloads a league's standings as CSV (GET
// /leagues/:id/standings.csv).
func (a *Area) ExportStandings(c echo.Context) error {
	l, err := a.League(c)
	if err != nil {
		return err
	}
	standings, err := a.leagues.Standings(c.Request().Context(), l)
	if err != nil {
		return err
	}
	s := newSheet()
	s.row("rank", "player", "played", "wins", "points")
	for _, r := range standings {
		s.row(r.Rank, r.Player, r.Played, r.Wins, r.Points)
	}
	attach(c, fileName(l.Name)+"-standings.csv")
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", s.bytes())
}
