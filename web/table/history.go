package table

import (
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
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
	if l := q.Get("league"); serve.ValidID(l) {
		f.League = l
	}
	if r := []rune(f.Player); len(r) > 40 {
		f.Player = strings.TrimSpace(string(r[:40]))
	}
	return f
}

// matches reports whether a table passes the filter; the player matches
// any seated name containing it, ignoring case.
func (f historyFilter) matches(t sessions.TableSummary, leagues []sessions.LeagueRef) bool {
	if f.Game != "" && t.Game != f.Game && !slices.Contains(t.Kinds, f.Game) {
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

// History lists every table this phone knows (from its cookie of edit
// links; there is no server-wide list), newest first, with a filter by game and player.
func (a *Area) History(c echo.Context) error {
	f := parseHistoryFilter(c.QueryParams())
	ctx := c.Request().Context()
	// The tables' cards, not the tables: a phone's fifty long tables cost
	// no replay unless they changed since they were last summarised. A
	// link that opens nothing (any more) is left out: this phone lost it.
	known := serve.KnownTables(c)
	tables, err := a.Tables.Cards(ctx, known)
	if err != nil {
		return err
	}
	slices.SortFunc(tables, func(x, y sessions.TableSummary) int { // as the phone lists them
		return slices.Index(known, x.Edit) - slices.Index(known, y.Edit)
	})
	ids := make([]string, len(tables))
	for i, t := range tables {
		ids[i] = t.Key
	}
	leagues, err := a.Tables.LeaguesOf(ctx, ids)
	if err != nil {
		return err
	}
	vm := views.HistoryVM{Page: kit.Page(c, scoring.Phrasef("History")), Game: f.Game, Player: f.Player, League: f.League, Games: tableGamesIn(c.Request().Context()), Known: len(tables)}
	seen := map[string]bool{}
	for _, id := range ids {
		for _, l := range leagues[id] {
			if !seen[l.ID] {
				seen[l.ID] = true
				vm.Leagues = append(vm.Leagues, views.Choice{Value: l.ID, Label: l.Name})
			}
		}
	}
	slices.SortStableFunc(tables, func(x, y sessions.TableSummary) int { return y.Last.Compare(x.Last) })
	for _, t := range tables {
		if !f.matches(t, leagues[t.Key]) {
			continue
		}
		vm.Rows = append(vm.Rows, views.HistoryRow{
			URL: "/tables/" + t.Edit, Name: t.Name, GameTitle: games.TitlePhrase(t.Game),
			Date: serve.DateTime(c, t.Last.Local(), true, false), Players: t.Players, Played: t.Played, Leaders: t.Leaders,
			AverageMinutes: t.AverageMinutes, Timed: t.Timed,
		})
	}
	return a.Render(c, http.StatusOK, views.History(vm))
}
