package serve

import (
	"errors"
	"net/http"
	"regexp"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views/i18n"
)

// Every page is built for the link it was opened with: a handler
// resolves the link in its URL to one of four roles (web/table's
// links.go draws them) and builds every URL on the page on that role's
// base. The loaders here answer a link that opens nothing with 404 and a
// replaced one with 410 (LinkError).

// Table replays the table whose edit link is the route's :id.
func (k Kit) Table(c echo.Context) (sessions.Table, error) {
	t, err := k.Tables.Table(c.Request().Context(), c.Param("id"))
	return t, LinkError(c, err)
}

// After is the table as the write app left it (sessions.Appended.After),
// loaded again like Table only when the write did not hand it back (a
// repeat, or another server wrote in between).
func (k Kit) After(c echo.Context, app sessions.Appended) (sessions.Table, error) {
	if t, ok := app.After(); ok {
		return t, nil
	}
	return k.Table(c)
}

// ReadOnly replays the table whose view-only link is the route's :rid.
func (k Kit) ReadOnly(c echo.Context) (sessions.Table, error) {
	t, err := k.Tables.ReadOnly(c.Request().Context(), c.Param("rid"))
	return t, LinkError(c, err)
}

// League opens a league by its public id (its standings), from the
// route's :id.
func (k Kit) League(c echo.Context) (sessions.League, error) {
	l, err := k.Tables.League(c.Request().Context(), c.Param("id"))
	return l, LinkError(c, err)
}

// LeagueAdmin opens the league whose admin link is the route's :admin.
func (k Kit) LeagueAdmin(c echo.Context) (sessions.League, error) {
	l, err := k.Tables.LeagueByAdmin(c.Request().Context(), c.Param("admin"))
	return l, LinkError(c, err)
}

// LinkError answers a link that opens nothing with 404 and a replaced one
// with 410 Gone; other errors pass.
func LinkError(c echo.Context, err error) error {
	var re *sessions.ReplacedError
	switch {
	case errors.Is(err, sessions.ErrNotFound):
		return echo.ErrNotFound
	case errors.As(err, &re):
		return gone(c, re)
	}
	return err
}

// gone is the 410 page of a replaced link: a plain page saying so. It
// tells nothing about the table or league, and never the new link.
func gone(c echo.Context, re *sessions.ReplacedError) error {
	when := DateTime(c, re.At.Local(), true, false)
	msg := scoring.Phrasef("This link was replaced by a new one on %s and no longer opens anything. Ask whoever gave it to you for the new link.", when)
	switch re.Role {
	case sessions.RoleEdit:
		msg = scoring.Phrasef("This table's edit link was replaced by a new one on %s. It no longer opens the table or changes anything. Ask whoever runs the table for the new link.", when)
	case sessions.RoleView:
		msg = scoring.Phrasef("This view-only link was replaced by a new one on %s and no longer shows the table. Ask whoever runs the table for the new link.", when)
	case sessions.RoleAdmin:
		msg = scoring.Phrasef("This league's admin link was replaced by a new one on %s and no longer changes the league. Ask whoever runs the league for the new link.", when)
	}
	return echo.NewHTTPError(http.StatusGone, msg)
}

// LinkFlashes are the confirmations after a link was replaced, by the
// ?done= of the page the replacement goes on to.
var LinkFlashes = map[string]scoring.Phrase{
	"edit-link":  scoring.Phrasef("New edit link made. The old one no longer works: every phone that should keep entering results needs this one."),
	"view-link":  scoring.Phrasef("New view-only link made. The old one no longer works: share this one with the spectators who should keep watching."),
	"admin-link": scoring.Phrasef("New admin link made. The old one no longer works. Keep this one; share the standings link with everyone else."),
}

// DateTime is t as the reader's language writes a date and time.
func DateTime(c echo.Context, t time.Time, withYear, withSeconds bool) string {
	return i18n.DateTime(c.Request().Context(), t, withYear, withSeconds)
}

// linkShaped matches what links look like (26 characters of lower-case
// base32, or the 32 hex digits of the first view-only links), so an
// error that quotes one is logged without it.
var linkShaped = regexp.MustCompile(`[a-z2-7]{26}|[0-9a-f]{32}`)

// RedactLinks takes anything shaped like a link out of a log message.
func RedactLinks(s string) string { return linkShaped.ReplaceAllString(s, "[link]") }
