package main

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/scoring/games"
	"tablemate/sessions"
	"tablemate/views"
)

// historyFilter is the history page's query: a game slug and part of a
// player's name, both optional.
type historyFilter struct {
	Game, Player string
	League       string // a league's public id
}

// parseHistoryFilter reads ?game=&player= leniently: an unknown game and
// anything unreadable mean "any"; the name is trimmed and cut to 40
// characters.
func parseHistoryFilter(q url.Values) historyFilter {
	// Drop invalid bytes before trimming, so no space they hid is left.
	f := historyFilter{Game: q.Get("game"), Player: strings.TrimSpace(strings.ToValidUTF8(q.Get("player"), ""))}
	if _, ok := games.Find(f.Game); !ok {
		f.Game = ""
	}
	if l := q.Get("league"); validID(l) {
		f.League = l
	}
	if r := []rune(f.Player); len(r) > 40 {
		f.Player = strings.TrimSpace(string(r[:40]))
	}
	return f
}

// matches reports whether a table passes the filter; the player matches
// any seated name containing it, ignoring case.
func (f historyFilter) matches(t sessions.Table, leagues []sessions.LeagueRef) bool {
	if f.Game != "" && t.Info.Slug != f.Game {
		return false
	}
	if f.League != "" && !slices.ContainsFunc(leagues, func(l sessions.LeagueRef) bool { return l.ID == f.League }) {
		return false
	}
	if f.Player == "" {
		return true
	}
	want := strings.ToLower(f.Player)
	return slices.ContainsFunc(t.Players, func(p string) bool { return strings.Contains(strings.ToLower(p), want) })
}

// showHistory lists every table this phone knows (from its cookie of edit
// links; there is no server-wide list), newest first, with a filter by game and player.
func (a *app) showHistory(c echo.Context) error {
	f := parseHistoryFilter(c.QueryParams())
	ctx := c.Request().Context()
	type known struct {
		t    sessions.Table
		link string // the edit link this phone holds
		last time.Time
	}
	var tables []known
	for _, link := range knownTables(c) {
		t, err := a.tables.Table(ctx, link)
		if errors.Is(err, sessions.ErrNotFound) || errors.Is(err, sessions.ErrReplaced) {
			continue // gone, or its link was replaced: this phone lost it
		}
		if err != nil {
			// One unreadable table must not hide the others. The log
			// names no link (logs never do).
			a.log.Warn("history: table cannot be replayed", "err", err)
			continue
		}
		tables = append(tables, known{t, link, t.Log[len(t.Log)-1].At})
	}
	ids := make([]string, len(tables))
	for i, k := range tables {
		ids[i] = k.t.Key
	}
	leagues, err := a.tables.LeaguesOf(ctx, ids)
	if err != nil {
		return err
	}
	vm := views.HistoryVM{Page: page(c, tr(c, "History")), Game: f.Game, Player: f.Player, League: f.League, Games: tableGames(), Known: len(tables)}
	seen := map[string]bool{}
	for _, id := range ids {
		for _, l := range leagues[id] {
			if !seen[l.ID] {
				seen[l.ID] = true
				vm.Leagues = append(vm.Leagues, views.Choice{Value: l.ID, Label: l.Name})
			}
		}
	}
	slices.SortStableFunc(tables, func(x, y known) int { return y.last.Compare(x.last) })
	for _, k := range tables {
		if !f.matches(k.t, leagues[k.t.Key]) {
			continue
		}
		row := views.HistoryRow{
			URL: "/tables/" + k.link, Name: k.t.Name, GameTitle: k.t.Info.Title,
			Date: dateTime(c, k.last.Local(), true, false), Players: k.t.Players, Played: len(k.t.Games),
		}
		if len(k.t.Games) > 0 {
			row.Leaders = k.t.Leaders()
		}
		vm.Rows = append(vm.Rows, row)
	}
	return render(c, http.StatusOK, views.History(vm))
}
