package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/games"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
)

const playerSlots = 8 // name boxes on the new-table form

// newTable renders the empty "start a table" form.
func (a *app) newTable(c echo.Context) error {
	vm := views.NewTableVM{
		Page: page(c, tr(c, "Start a table")), Form: form(c, 0),
		Games: tableGames(), Game: c.QueryParam("game"), Players: make([]string, playerSlots),
	}
	if admin := c.QueryParam("league"); admin != "" {
		l, err := a.tables.LeagueByAdmin(c.Request().Context(), admin)
		if errors.Is(err, sessions.ErrNotFound) {
			return echo.ErrNotFound
		}
		if err != nil {
			return err
		}
		vm.League, vm.LeagueName, vm.Suggestions = l.AdminID, l.Name, activeMembers(l)
	}
	return render(c, http.StatusOK, views.NewTable(vm))
}

// tableGames are the games a table can be started for: those with a
// result editor.
func tableGames() []scoring.Info {
	var out []scoring.Info
	for _, info := range games.Infos() {
		if _, ok := editorFor(info.Slug); ok {
			out = append(out, info)
		}
	}
	return out
}

// createTable starts a table; bad input re-renders the form with 422.
func (a *app) createTable(c echo.Context) error {
	values, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, tr(c, "The form could not be read."))
	}
	players := values["players"]
	create := sessions.TableCreated{Game: c.FormValue("game"), Name: c.FormValue("name"), Players: players}
	if _, ok := editorFor(create.Game); !ok {
		create.Game = "" // Create reports the field
	}
	var l sessions.League
	if admin := c.FormValue("league"); admin != "" {
		if l, err = a.tables.LeagueByAdmin(c.Request().Context(), admin); err != nil {
			return echo.ErrNotFound
		}
		err = checkMembers(c, l, players)
	}
	var id string
	if err == nil {
		id, err = a.tables.Create(c.Request().Context(), c.FormValue("_token"), create)
	}
	if err == nil && l.ID != "" {
		err = a.tables.AddTable(c.Request().Context(), l, id)
	}
	var in *scoring.InputError
	if errors.As(err, &in) {
		vm := views.NewTableVM{
			Page: page(c, tr(c, "Start a table")), Form: form(c, 0), Games: tableGames(),
			Game: create.Game, Name: create.Name, Players: padded(players, playerSlots),
			Errors: views.Errors{in.Field: localInput(c, in)},
			League: l.AdminID, LeagueName: l.Name, Suggestions: activeMembers(l),
		}
		return render(c, http.StatusUnprocessableEntity, views.NewTable(vm))
	}
	if err != nil {
		return err
	}
	return redirect(c, "/tables/"+id)
}

// activeMembers are the names a league's tables may use.
func activeMembers(l sessions.League) []string {
	var names []string
	for _, m := range l.Members {
		if m.MergedInto == "" {
			names = append(names, m.Name)
		}
	}
	return names
}

// checkMembers refuses a league table with someone who is not a member,
// before the table exists.
func checkMembers(c echo.Context, l sessions.League, players []string) error {
	for _, p := range players {
		p = strings.TrimSpace(p)
		if p != "" && !slices.ContainsFunc(l.Members, func(m sessions.Member) bool { return strings.EqualFold(m.Name, p) }) {
			return scoring.Errorf("players", "%s", tr(c, "%s is not a member of %s; add them on the league page first", p, l.Name))
		}
	}
	return nil
}

func padded(xs []string, n int) []string {
	out := append([]string(nil), xs...)
	for len(out) < n {
		out = append(out, "")
	}
	return out[:max(n, len(xs))]
}

// loadTable replays the table named in the URL, answering 404 for ids
// that do not exist.
func (a *app) loadTable(c echo.Context) (sessions.Table, error) {
	t, err := a.tables.Table(c.Request().Context(), c.Param("id"))
	if errors.Is(err, sessions.ErrNotFound) {
		return t, echo.ErrNotFound
	}
	return t, err
}

// showTable renders the table page.
func (a *app) showTable(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	rememberTable(c, t.ID)
	vm := tableVM(c, t, "", "good")
	if f, ok := flashes[c.QueryParam("done")]; ok {
		vm.Flash = tr(c, f)
	}
	vm.Share = shareVM(c, t)
	return render(c, http.StatusOK, views.TablePage(vm))
}

// flashes are the confirmations a redirect may ask for (?done=...); only
// these fixed texts are shown, never text from the URL.
var flashes = map[string]string{
	"undo":   i18n.Key("Undone: the last entry was taken back. It stays in the history."),
	"player": i18n.Key("Player added."),
	"round":  i18n.Key("Round saved."),
}

// tableVM builds the table page's model.
func tableVM(c echo.Context, t sessions.Table, flash, kind string) views.TableVM {
	vm := views.TableVM{
		Page: page(c, t.Name), Form: form(c, t.Head),
		ID: t.ID, Base: "/tables/" + t.ID, Name: t.Name, Game: t.Info, Players: t.Players, Leaders: t.Leaders(),
		Chart: views.BarChart{Title: trN(c, len(t.Games), "Running totals after 1 game", "Running totals after %d games")},
	}
	vm.Flash, vm.FlashKind = flash, kind
	for i, s := range rankedStandings(t) {
		vm.Standings = append(vm.Standings, views.StandingRow{
			Rank: i + 1, Name: s.Name, Total: s.Total, Played: s.Played, Wins: s.Wins, Leader: s.Leader, Behind: s.Behind,
		})
	}
	if len(t.Games) > 0 {
		for _, s := range t.Standings() {
			vm.Chart.Bars = append(vm.Chart.Bars, views.Bar{Label: s.Name, Value: s.Total, Lead: s.Leader})
		}
	}
	for _, g := range t.Games {
		row := views.GameRow{
			Number: g.Number, Winners: g.Result.Winners, Valid: g.Result.Valid && g.Err == "",
			Violations: len(g.Result.Violations), Warnings: len(g.Result.Warnings), Corrected: g.Corrected, Err: g.Err,
		}
		for _, p := range t.Players {
			if total, ok := g.Result.Total(p); ok {
				row.Totals = append(row.Totals, fmt.Sprint(total))
			} else {
				row.Totals = append(row.Totals, "–")
			}
		}
		vm.Games = append(vm.Games, row)
	}
	lang := i18n.Code(i18n.Lang(c.Request().Context()))
	vm.Lines = t.Derived("lines/"+lang, func() any {
		ctx := c.Request().Context()
		return views.Prerender(ctx, views.Lines(runningLines(ctx, t)))
	}).(templ.Component)
	if e, ok := t.Newest(); ok {
		vm.UndoLabel = shortTextIn(c.Request().Context(), t, e.Event)
	}
	if _, ok := guided[t.Info.Slug]; ok {
		vm.PlayLabel = tr(c, "Play the next game along, turn by turn")
		if t.Play != nil {
			vm.PlayLabel = trN(c, len(t.Play.Steps), "Continue the game played along (1 turn so far)", "Continue the game played along (%d turns so far)")
		}
	}
	if ed, ok := editorFor(t.Info.Slug); ok && ed.rounds {
		vm.Current = currentRounds(c, t, ed)
		if vm.Current == nil {
			vm.Finished = finishedRounds(t, vm.Base)
		}
	}
	vm.Log = t.Derived("log/"+lang, func() any { return logRows(c.Request().Context(), t) }).([]views.LogRow)
	return vm
}

// currentRounds shows the game in progress of a round-based table, round
// by round; nil when the next round starts a new game.
func currentRounds(c echo.Context, t sessions.Table, ed editor) *views.RoundsVM {
	g, ok := t.Current()
	if !ok {
		return nil
	}
	vm := &views.RoundsVM{Game: g.Number, Chart: roundLines(c.Request().Context(), t.Info.Slug, g)}
	for _, p := range g.Result.Players {
		vm.Players = append(vm.Players, p.Name)
		vm.Totals = append(vm.Totals, p.Total)
		vm.Round = max(vm.Round, len(p.Rounds))
	}
	for r := range vm.Round {
		row := make([]string, len(g.Result.Players))
		for i, p := range g.Result.Players {
			row[i] = "–"
			if r < len(p.Rounds) {
				row[i] = fmt.Sprint(p.Rounds[r])
			}
		}
		vm.Rows = append(vm.Rows, row)
	}
	if ed.progress != nil {
		vm.Progress = ed.progress(c.Request().Context(), g.State)
	}
	return vm
}

// rankedStandings orders players by their running total, best first;
// players on the same total keep seat order.
func rankedStandings(t sessions.Table) []sessions.Standing {
	s := t.Standings()
	better := func(a, b sessions.Standing) bool {
		if (a.Played > 0) != (b.Played > 0) {
			return a.Played > 0
		}
		if t.Info.LowestWins {
			return a.Total < b.Total
		}
		return a.Total > b.Total
	}
	// insertion sort: stable and the list is at most 8 long
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && better(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// gameNumberOf finds which game an event recorded, counting recordings in
// effect before it; undone recordings are named by their position then.
func gameNumberOf(t sessions.Table, seq int) string {
	n := 0
	for _, e := range t.Log {
		if e.Kind == sessions.KindGameRecorded && (e.UndoneBy == 0 || e.UndoneBy > seq || e.Seq == seq) {
			n++
		}
		if e.Seq == seq {
			return fmt.Sprint(n)
		}
	}
	return "?"
}

// addPlayer seats another player.
func (a *app) addPlayer(c echo.Context) error {
	seen, _ := formInt(c, "_seen")
	_, err := a.tables.AddPlayer(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), c.FormValue("name"))
	return a.afterTableWrite(c, err, "player")
}

// undo takes back the newest entry.
func (a *app) undo(c echo.Context) error {
	seen, _ := formInt(c, "_seen")
	_, err := a.tables.Undo(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"))
	if err == nil && c.FormValue("back") == "play" { // undo of a guided move: stay in the game
		return redirect(c, "/tables/"+c.Param("id")+"/play")
	}
	return a.afterTableWrite(c, err, "undo")
}

// afterTableWrite answers a small table form: back to the table on
// success; the fresh table with the reason when the write was refused.
func (a *app) afterTableWrite(c echo.Context, err error, done string) error {
	var in *scoring.InputError
	var stale *sessions.StaleError
	switch {
	case err == nil:
		return redirect(c, "/tables/"+c.Param("id")+"?done="+done)
	case errors.Is(err, sessions.ErrNotFound):
		return echo.ErrNotFound
	case errors.As(err, &stale):
		return a.rerenderTable(c, http.StatusConflict, tr(c, "Someone else just changed this table, so nothing was done. Here is the fresh state; try again if it is still needed."))
	case errors.Is(err, sessions.ErrNothingToUndo):
		return a.rerenderTable(c, http.StatusConflict, tr(c, "Nothing to undo: only the table's start is left."))
	case errors.As(err, &in):
		return a.rerenderTable(c, http.StatusUnprocessableEntity, localInput(c, in))
	}
	return err
}

func (a *app) rerenderTable(c echo.Context, status int, msg string) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	return render(c, status, views.TablePage(tableVM(c, t, msg, "bad")))
}

// logRows is the table's history, newest first, in ctx's language.
func logRows(ctx context.Context, t sessions.Table) []views.LogRow {
	rows := make([]views.LogRow, 0, len(t.Log))
	for i := len(t.Log) - 1; i >= 0; i-- {
		e := t.Log[i]
		rows = append(rows, views.LogRow{Seq: e.Seq, Text: timelineText(ctx, t, e.Event), At: e.At.Local().Format("15:04:05"), Undone: e.UndoneBy != 0})
	}
	return rows
}
