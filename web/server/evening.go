package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/sessions/league"
	"tablemate/views"
	"tablemate/views/i18n"
)

// eveningVM is the table's standing over the evening: the sum of the
// games when all are of one kind (as the rule texts sum several games),
// placings when they differ, with the line saying which and why.
func eveningVM(c echo.Context, t sessions.Table) views.EveningVM {
	ev := t.Derived("evening", func() any { return t.Evening() }).(sessions.Evening)
	vm := views.EveningVM{Status: eveningStatus(c, ev)}
	// The newest games only: a long table's page stays the same size.
	skip := max(0, ev.Done-eveningColumns)
	switch ev.Mode {
	case sessions.EveningSum:
		vm.Points = tr(c, "Total")
		if ev.Kind.LowestWins {
			vm.Why = i18n.N(c.Request().Context(), ev.Done, "One game of %s: the fewest points lead.", "%[1]d games of %[2]s: each player's totals added, the fewest points lead, as its rules add several games.", kindTitleAt(c, t, ev.Kind.Slug))
		} else {
			vm.Why = i18n.N(c.Request().Context(), ev.Done, "One game of %s: the most points lead.", "%[1]d games of %[2]s: each player's totals added, the most points lead, as its rules add several games.", kindTitleAt(c, t, ev.Kind.Slug))
		}
	case sessions.EveningPlacings:
		vm.Points = tr(c, "Points")
		vm.Why = tr(c, "Different games cannot add their scores: each game gives points by place (%s for 1st, 2nd, …; a tie shares them), as in a league.", placesText(c.Request().Context(), ev.Points))
	}
	for _, g := range t.Games {
		if g.Finished() {
			if skip > 0 {
				skip--
				continue
			}
			vm.Columns = append(vm.Columns, tr(c, "%d · %s", g.Number, gameName(c, g)))
		}
	}
	for _, r := range ev.Rows {
		row := views.EveningRowVM{Rank: r.Rank, Name: r.Name, Points: i18n.Decimal(c.Request().Context(), r.Points, -1), Wins: r.Wins, Leader: r.Leader}
		for _, cell := range r.Games[max(0, ev.Done-eveningColumns):] {
			switch {
			case !cell.Played:
				row.Cells = append(row.Cells, "–")
			case ev.Mode == sessions.EveningPlacings:
				row.Cells = append(row.Cells, tr(c, "%d. (%d)", cell.Place, cell.Total))
			default:
				row.Cells = append(row.Cells, strconv.Itoa(cell.Total))
			}
		}
		vm.Rows = append(vm.Rows, row)
	}
	return vm
}

// eveningColumns is how many games the standing shows a result of: the
// newest ones (the games list below has them all).
const eveningColumns = 6

// gameName is what a game is called on the pages: its title, or the name
// given to another game's sheet.
func gameName(c echo.Context, g sessions.Game) string {
	return kindTitle(c.Request().Context(), g.Info.Slug, sheetName(g))
}

// kindTitle is what a game of slug is called: the name the table gave
// another game's sheet (sheet), else the game's title.
func kindTitle(ctx context.Context, slug, sheet string) string {
	if sheet != "" {
		return sheet
	}
	return gameTitle(ctx, slug)
}

// sheetName is the name the table gave another game's sheet; "" for the
// seven games and for a sheet not named.
func sheetName(g sessions.Game) string { return g.Sheet() }

// placesText is the points of the places, "3/2/1/0" ("1.5", "1,5").
func placesText(ctx context.Context, points []float64) string {
	s := ""
	for i, p := range points {
		if i > 0 {
			s += "/"
		}
		s += i18n.Decimal(ctx, p, -1)
	}
	return s
}

// eveningStatus says how far the evening is: "after 3 games · game 4 in
// progress, round 2".
func eveningStatus(c echo.Context, ev sessions.Evening) string {
	s := trN(c, ev.Done, "after 1 game", "after %d games")
	if ev.Going > 0 {
		s += " · " + i18n.N(c.Request().Context(), ev.Round, "game %d in progress, round 1", "game %[2]d in progress, round %[1]d", ev.Going)
	}
	return s
}

// ranking is a game's players by place, best first: ties share a place
// (league.Places, the leagues' maths), the winners marked.
func ranking(res scoring.Result, lowestWins bool) []views.RankRow {
	r := league.Result{Totals: map[string]int{}, LowestWins: lowestWins}
	for _, p := range res.Players {
		r.Totals[p.Name] = p.Total
	}
	places := league.Places(r)
	rows := make([]views.RankRow, 0, len(res.Players))
	for _, p := range res.Players {
		rows = append(rows, views.RankRow{Place: places[p.Name], Name: p.Name, Total: p.Total,
			Winner: slices.Contains(res.Winners, p.Name)})
	}
	slices.SortStableFunc(rows, func(a, b views.RankRow) int {
		if a.Winner != b.Winner { // a tie-break's winner first
			if a.Winner {
				return -1
			}
			return 1
		}
		return a.Place - b.Place
	})
	return rows
}

// afterGame is what a finished game offers next on the edit link: the
// same players again, the next game, its result to share by the
// view-only link.
func (a *App) afterGame(c echo.Context, t sessions.Table, g sessions.Game) (*views.AfterGameVM, error) {
	if !g.Finished() || g.Number != len(t.Games) || t.Play != nil {
		return nil, nil
	}
	links, err := a.tables.Links(c.Request().Context(), c.Param("id"))
	if err != nil {
		return nil, linkError(c, err)
	}
	after := &views.AfterGameVM{
		Form: form(c, t.Head), Again: editBase(c) + "/next", Next: editBase(c) + "/next", Game: g.Info.Slug,
		Share: a.shareOf(c, "result-link", tr(c, "Can only watch"),
			tr(c, "The result to pass on: this link shows the table and cannot change it."),
			fmt.Sprintf("/v/%s/games/%d", links.View, g.Number), t.Name),
	}
	// The game's result card goes along where the phone can share files
	// (js/sharecard.js; the link alone where not).
	after.Share.Card = fmt.Sprintf("/v/%s/games/%d/card.png", links.View, g.Number)
	return after, nil
}

// nextGame shows the choice of the table's next game and who starts it.
func (a *App) nextGame(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.NextGamePage(nextGameVM(c, t, c.QueryParam("game"), "", nil)))
}

func nextGameVM(c echo.Context, t sessions.Table, chosen, first string, errs views.Errors) views.NextGameVM {
	if chosen == "" {
		chosen = t.Info.Slug
	}
	vm := views.NextGameVM{
		Page: page(c, tr(c, "Next game")), Form: form(c, t.Head), Action: editBase(c) + "/next", Back: editBase(c),
		Players: t.Players, Chosen: chosen, First: first, Errors: errs,
	}
	vm.Scripts = []string{"js/evening.js"}
	ctx := c.Request().Context()
	for _, info := range tableGamesIn(ctx) {
		g := views.GameChoice{Slug: info.Slug, Title: info.Title, Starts: i18n.Say(ctx, info.Starts), Fits: true}
		if n := len(t.Players); n < info.MinPlayers || n > info.MaxPlayers {
			g.Fits, g.Why = false, tr(c, "for %d to %d players", info.MinPlayers, info.MaxPlayers)
		}
		vm.Games = append(vm.Games, g)
	}
	return vm
}

// chooseGame records the table's next game and who starts it, then
// opens the table on it.
func (a *App) chooseGame(c echo.Context) error {
	seen, _ := formInt(c, "_seen")
	g := sessions.GameChosen{Game: c.FormValue("game"), First: c.FormValue("first")}
	_, err := a.tables.ChooseGame(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), g)
	var in *scoring.InputError
	var stale *sessions.StaleError
	switch {
	case err == nil:
		return redirect(c, editBase(c)+"?done=chosen")
	case errors.As(err, &in), errors.As(err, &stale):
		t, lerr := a.loadTable(c)
		if lerr != nil {
			return lerr
		}
		status, errs := http.StatusConflict, views.Errors{"game": tr(c, "Someone else just changed this table, so nothing was done. Here is the fresh state; try again if it is still needed.")}
		if in != nil {
			status, errs = http.StatusUnprocessableEntity, views.Errors{in.Field: localInput(c, in)}
			if in.Field != "first" {
				errs = views.Errors{"game": localInput(c, in)}
			}
		}
		return render(c, status, views.NextGamePage(nextGameVM(c, t, g.Game, g.First, errs)))
	}
	return linkError(c, err)
}

// eveningNames are the names of an unnamed table, by the day it starts.
var eveningNames = [7]string{
	i18n.Key("Sunday evening"), i18n.Key("Monday evening"), i18n.Key("Tuesday evening"), i18n.Key("Wednesday evening"),
	i18n.Key("Thursday evening"), i18n.Key("Friday evening"), i18n.Key("Saturday evening"),
}

// eveningName names an unnamed table after its day, in the reader's
// language.
func eveningName(c echo.Context, now time.Time) string {
	return tr(c, eveningNames[now.Weekday()])
}

// eveningEnd opens the whole evening on its ranking: the standing's
// places (ties share), the leaders first, with what comes next and the
// table's view-only link to share.
func (a *App) eveningEnd(c echo.Context) error {
	t, err := a.loadTable(c)
	if err != nil {
		return err
	}
	links, err := a.tables.Links(c.Request().Context(), c.Param("id"))
	if err != nil {
		return linkError(c, err)
	}
	ev := eveningVM(c, t)
	vm := views.EveningEndVM{
		Page: page(c, tr(c, "The evening: %s", t.Name)), Name: t.Name, Status: ev.Status, Why: ev.Why,
		Next: editBase(c) + "/next", Back: editBase(c),
		Share: a.shareOf(c, "result-link", tr(c, "Can only watch"),
			tr(c, "The result to pass on: this link shows the table and cannot change it."), "/v/"+links.View, t.Name),
	}
	vm.Share.Card = "/v/" + links.View + "/card.png" // the evening's card (js/sharecard.js)
	vm.Page.Scripts = append(vm.Page.Scripts, "js/sharecard.js")
	for _, r := range ev.Rows {
		vm.Ranking = append(vm.Ranking, views.RankRow{Place: r.Rank, Name: r.Name, Winner: r.Leader, Score: r.Points})
	}
	return render(c, http.StatusOK, views.EveningEnd(vm))
}
