package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// One request, one load, for a league: every page of a league, behind its
// public id and its admin link, loads the league once, however many parts
// the page has (its standings, its tables, a member's profile, its card,
// its exports). Every GET route of a league is walked; a new route is held
// to it too.
func TestOneRequestLoadsItsLeagueOnce(t *testing.T) {
	ts := newTestServer(t)
	admin, public := ts.MemberLeague(t)
	fill := func(route string) string {
		r := strings.NewReplacer("/l/:admin", admin, "/leagues/:id", public, ":name", url.PathEscape("Ana"))
		return r.Replace(route)
	}
	urls := map[string]string{}
	for _, route := range pageRoutes(newServer(ts.app)) {
		if (strings.HasPrefix(route, "/l/:admin") || strings.HasPrefix(route, "/leagues/:id")) && route != "/leagues/new" {
			urls[route] = fill(route)
		}
	}
	if len(urls) < 8 {
		t.Fatalf("only %d routes of a league found: %v", len(urls), urls)
	}
	for route, u := range urls {
		before := ts.app.tables.Stats()
		p := ts.Get(u)
		if p.Status != http.StatusOK {
			t.Errorf("%s (%s): %d", route, u, p.Status)
		}
		after := ts.app.tables.Stats()
		if n := after.LeagueLookups - before.LeagueLookups; n != 1 {
			t.Errorf("%s (%s) loaded its league %d times, want once", route, u, n)
		}
		if n := after.Lookups - before.Lookups; n != 0 {
			t.Errorf("%s (%s) resolved %d table links, want none: a league's tables are read by their keys", route, u, n)
		}
	}
}
