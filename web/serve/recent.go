package serve

import (
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"
)

const (
	recentCookie = "tm_tables"
	recentMax    = 12 // tables on the home page
	recentKeep   = 50 // tables the cookie remembers (the history page)

	// LeaguesCookie lists the leagues this phone opened, newest first,
	// at most LeaguesKeep of them (their members become name chips on
	// the new-table form).
	LeaguesCookie = "tm_leagues"
	LeaguesKeep   = 8
)

// RecentTables returns the edit links of the tables this phone opened most
// recently, newest first, from its cookie. The server keeps no list of all
// tables, so nobody sees a table whose link they were not given.
func RecentTables(c echo.Context) []string {
	ids := KnownTables(c)
	return ids[:min(len(ids), recentMax)]
}

// KnownTables returns every table id this phone remembers, newest first.
func KnownTables(c echo.Context) []string { return tablesOnPhone.ids(c) }

// RememberTable puts a table's edit link first in this phone's list.
func RememberTable(c echo.Context, id string) { tablesOnPhone.remember(c, id) }

// ReplaceRemembered swaps a replaced edit link for the new one in this
// phone's list, in its place.
func ReplaceRemembered(c echo.Context, old, link string) {
	ids := slices.DeleteFunc(KnownTables(c), func(s string) bool { return s == link })
	if i := slices.Index(ids, old); i >= 0 {
		ids[i] = link
	} else {
		ids = append([]string{link}, ids...)
	}
	setRemembered(c, ids)
}

func setRemembered(c echo.Context, ids []string) { tablesOnPhone.set(c, ids) }

// KnownLeagues returns the public ids of the leagues this phone opened,
// newest first: their active members are offered as name chips on the
// new-table form. The public id suffices (the members are on the public
// page), so no admin link is kept in the cookie.
func KnownLeagues(c echo.Context) []string { return leaguesOnPhone.ids(c) }

// RememberLeague puts a league's public id first in this phone's list.
func RememberLeague(c echo.Context, id string) { leaguesOnPhone.remember(c, id) }

// phoneList is a list of ids this phone remembers in a cookie, newest
// first, each once, at most keep of them.
type phoneList struct {
	cookie string
	keep   int
}

var (
	tablesOnPhone  = phoneList{recentCookie, recentKeep}
	leaguesOnPhone = phoneList{LeaguesCookie, LeaguesKeep}
)

func (l phoneList) ids(c echo.Context) []string {
	ck, err := c.Cookie(l.cookie)
	if err != nil {
		return nil
	}
	var ids []string
	for _, id := range strings.Split(ck.Value, ".") {
		if ValidID(id) && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids[:min(len(ids), l.keep)]
}

func (l phoneList) remember(c echo.Context, id string) {
	l.set(c, append([]string{id}, slices.DeleteFunc(l.ids(c), func(s string) bool { return s == id })...))
}

func (l phoneList) set(c echo.Context, ids []string) {
	c.SetCookie(&http.Cookie{
		Name: l.cookie, Value: strings.Join(ids[:min(len(ids), l.keep)], "."), Path: "/",
		MaxAge: 365 * 24 * 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: c.Scheme() == "https",
	})
}

// ValidID accepts the shape of a table id (lower-case base32).
func ValidID(id string) bool {
	if len(id) == 0 || len(id) > 40 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '2' && r <= '7') {
			return false
		}
	}
	return true
}
