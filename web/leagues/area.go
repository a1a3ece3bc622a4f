// Package leagues is the leagues' area of the web app: starting a
// league, its standings (/leagues/{id}, the public link) and its admin
// page (/l/{admin}: members, merges, the tables it counts, its link
// replaced), its members' pages, and its stats (standings overall and
// per game, score distributions, ratings), kept per version of the
// league. web/server builds it (New), lists its routes and reads its
// stats for the league's card and exports (Stats, Key, SchemeLabel).
// Named in the plural for its routes (/leagues/…) and to stay clear of
// sessions/league, the standings math it reads.
package leagues

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/serve"
)

// Area answers the leagues' routes. It embeds what the server hands
// every area (serve.Kit: the store, rendering, the link check).
type Area struct {
	serve.Kit
	preview Preview
	share   Share
}

// Preview is the link preview of a league's public page (its card),
// keyed by the league's version.
type Preview func(c echo.Context, l sessions.League, vm views.LeagueView, key string) views.Preview

// Share is a link to share, with its QR code, as the invite panels show
// it: id names it on the page, path is the link's path on this site.
type Share func(c echo.Context, id string, label, hint scoring.Phrase, path, title string) views.ShareLink

// New is the leagues' area on k, drawing previews and share links with
// the server's preview and share.
func New(k serve.Kit, preview Preview, share Share) *Area {
	return &Area{Kit: k, preview: preview, share: share}
}

// RotateAdmin replaces a league's admin link (POST /l/:admin/rotate).
func (a *Area) RotateAdmin(c echo.Context) error {
	seen, _ := serve.FormInt(c, "_seen")
	r, err := a.Tables.Rotate(c.Request().Context(), c.Param("admin"), sessions.RoleAdmin, seen, c.FormValue("_token"))
	if serve.Stale(c, err) {
		return a.renderAdmin(c, http.StatusConflict, scoring.Phrasef("Someone else replaced this link a moment ago, so nothing was done. The links in use are shown below."))
	}
	if err != nil {
		return serve.LinkError(c, err)
	}
	return serve.Redirect(c, "/l/"+r.Link+"?done=admin-link#share")
}
