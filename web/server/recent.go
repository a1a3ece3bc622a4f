package server

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
)

// recentTables returns the edit links of the tables this phone opened most
// recently, newest first, from its cookie. The server keeps no list of all
// tables, so nobody sees a table whose link they were not given.
func recentTables(c echo.Context) []string {
	ids := knownTables(c)
	return ids[:min(len(ids), recentMax)]
}

// knownTables returns every table id this phone remembers, newest first.
func knownTables(c echo.Context) []string {
	ck, err := c.Cookie(recentCookie)
	if err != nil {
		return nil
	}
	var ids []string
	for _, id := range strings.Split(ck.Value, ".") {
		if validID(id) && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids[:min(len(ids), recentKeep)]
}

// rememberTable puts a table's edit link first in this phone's list.
func rememberTable(c echo.Context, id string) {
	setRemembered(c, append([]string{id}, slices.DeleteFunc(knownTables(c), func(s string) bool { return s == id })...))
}

// replaceRemembered swaps a replaced edit link for the new one in this
// phone's list, in its place.
func replaceRemembered(c echo.Context, old, link string) {
	ids := slices.DeleteFunc(knownTables(c), func(s string) bool { return s == link })
	if i := slices.Index(ids, old); i >= 0 {
		ids[i] = link
	} else {
		ids = append([]string{link}, ids...)
	}
	setRemembered(c, ids)
}

func setRemembered(c echo.Context, ids []string) {
	c.SetCookie(&http.Cookie{
		Name: recentCookie, Value: strings.Join(ids[:min(len(ids), recentKeep)], "."), Path: "/",
		MaxAge: 365 * 24 * 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: c.Scheme() == "https",
	})
}

// validID accepts the shape of a table id (lower-case base32).
func validID(id string) bool {
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
