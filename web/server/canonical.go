package server

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/views"
	"tablemate/web/kit"
	"tablemate/web/table"
)

// Every URL a page can be left on answers GET (issue #38). A form whose
// answer is drawn in place — a refusal quoting its rule, with what was
// entered kept — leaves the phone on the form's POST URL. The live
// refresh, a pull to refresh and the back button then ask that URL with
// GET; 405 there stranded the phone. So each POST-only route has a page
// it belongs to (canonicalOf), GET on the route answers 303 to it, and a
// page drawn in answer to a POST names it (views.Canonical), so the page
// puts it in the address bar (history.replaceState, static/js/app.js):
// a reload asks it without sending the form again, and the live refresh
// follows the table there.

// canonicalRoutes maps each POST-only route to the page its forms are on,
// made from the route's parameters.
var canonicalRoutes = map[string]func(echo.Context) string{
	"/tables":                     func(echo.Context) string { return "/tables/new" },
	"/tables/:id/players":         tablePath(""),
	"/tables/:id/undo":            tablePath(""),
	"/tables/:id/rotate/:role":    tablePath(""),
	"/tables/:id/play/start":      tablePath("/play"),
	"/tables/:id/play/step":       tablePath("/play"),
	"/tables/:id/play/stop":       tablePath("/play"),
	"/tables/:id/clock/start":     table.ClockBack,
	"/tables/:id/clock/pause":     table.ClockBack,
	"/tables/:id/evening/note":    tablePath("/evening"),
	"/tables/:id/games":           tablePath("/games/new"),
	"/tables/:id/games/:n":        func(c echo.Context) string { return kit.EditBase(c) + "/games/" + c.Param("n") + "/edit" },
	"/tables/:id/games/:n/note":   func(c echo.Context) string { return kit.EditBase(c) + "/games/" + c.Param("n") },
	"/tables/:id/games/:n/stop":   tablePath("/next"),
	"/tables/:id/games/:n/settle": func(c echo.Context) string { return kit.EditBase(c) + "/games/" + c.Param("n") },
	"/tables/:id/games/:n/rounds/:r": func(c echo.Context) string {
		return kit.EditBase(c) + "/games/" + c.Param("n") + "/rounds/" + c.Param("r") + "/edit"
	},
	"/leagues":          func(echo.Context) string { return "/leagues/new" },
	"/l/:admin/rotate":  adminPath,
	"/l/:admin/members": adminPath,
	"/l/:admin/merge":   adminPath,
	"/l/:admin/tables":  adminPath,
}

// tablePath is the table's page behind its edit link, with suffix.
func tablePath(suffix string) func(echo.Context) string {
	return func(c echo.Context) string { return kit.EditBase(c) + suffix }
}

// adminPath is the league's admin page.
func adminPath(c echo.Context) string { return "/l/" + c.Param("admin") }

// canonicalOf is the page the route of c belongs to: the page listed
// for it, else its own path (a form posted to a page's own URL: the next
// game, an import, the dispute check); "" for the JSON API.
func canonicalOf(c echo.Context) string {
	if f := canonicalRoutes[c.Path()]; f != nil {
		return f(c)
	}
	if strings.HasPrefix(c.Path(), "/api/") {
		return ""
	}
	return c.Request().URL.Path
}

// canonicalGETs gives every POST-only route a GET that answers 303 to its
// page. Called after every route is registered.
func canonicalGETs(e *echo.Echo) {
	gets := map[string]bool{}
	for _, r := range e.Routes() {
		if r.Method == http.MethodGet {
			gets[r.Path] = true
		}
	}
	for _, r := range e.Routes() {
		if r.Method != http.MethodPost || gets[r.Path] {
			continue
		}
		to := canonicalRoutes[r.Path]
		if to == nil {
			continue // the JSON API: 405 is its answer
		}
		gets[r.Path] = true
		e.GET(r.Path, func(c echo.Context) error { return c.Redirect(http.StatusSeeOther, to(c)) })
	}
}

// canonicalPages notes, on a POST, the page its answer belongs to: a page
// drawn in place names it (views.Canonical).
func canonicalPages(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Method == http.MethodPost {
			if u := canonicalOf(c); u != "" {
				c.SetRequest(c.Request().WithContext(views.WithCanonical(c.Request().Context(), u)))
			}
		}
		return next(c)
	}
}
