package table

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// A table started: the new-table form with its name boxes, who starts
// and this phone's names as chips (a league's members first), and the
// table created, added to its league when it is started for one.

const playerSlots = 8 // name boxes on the new-table form

// NewForm renders the empty "start a table" form: as many name boxes as
// the game needs, this phone's names as chips.
func (a *Area) NewForm(c echo.Context) error {
	vm := views.NewTableVM{Game: c.QueryParam("game"), First: "0"}
	var l sessions.League
	if admin := c.QueryParam("league"); admin != "" {
		var err error
		if l, err = a.Tables.LeagueByAdmin(c.Request().Context(), admin); err != nil {
			return serve.LinkError(c, err)
		}
	}
	vm.Players = make([]string, playerBoxes(vm.Game, 0))
	return a.Render(c, http.StatusOK, views.NewTable(a.newTableVM(c, vm, l)))
}

// newTableVM fills in what every rendering of the new-table form has:
// the games with their start rules, the league, the chips.
func (a *Area) newTableVM(c echo.Context, vm views.NewTableVM, l sessions.League) views.NewTableVM {
	vm.Page, vm.Form, vm.Games = kit.Page(c, scoring.Phrasef("Start a table")), kit.Form(c, 0), tableGamesIn(c.Request().Context())
	vm.Scripts = []string{"js/evening.js", "js/newtable.js"}
	if vm.Game == "" && len(vm.Games) > 0 {
		vm.Game = vm.Games[0].Slug
	}
	for _, info := range vm.Games {
		vm.Starts = append(vm.Starts, info.Starts)
		if info.Slug == vm.Game {
			vm.Rule, vm.Max = info.Starts, info.MaxPlayers
		}
	}
	vm.Max = min(max(vm.Max, len(vm.Players)), playerSlots)
	if l.ID != "" {
		vm.League, vm.LeagueName, vm.Suggestions = l.AdminLink(), l.Name, l.Active()
		vm.Page.Scripts, vm.Page.Styles = []string{"js/seats.js"}, []string{"css/members.css"}
	}
	vm.Chips = a.phoneNames(c, vm.Suggestions)
	return vm
}

// chipMax bounds the names offered as chips.
const chipMax = 16

// phoneNames are the names this phone played with: its league's members
// when the table is for one, then the players of its recent tables,
// newest first, then the active members of the leagues it opened, newest
// first; each name once, at most chipMax.
func (a *Area) phoneNames(c echo.Context, members []string) []string {
	var names []string
	add := func(n string) {
		if len(names) < chipMax && n != "" && !slices.ContainsFunc(names, func(m string) bool { return strings.EqualFold(m, n) }) {
			names = append(names, n)
		}
	}
	for _, m := range members {
		add(m)
	}
	ids := serve.RecentTables(c)
	for _, id := range ids[:min(len(ids), chipTables)] {
		t, err := a.Tables.Table(c.Request().Context(), id)
		if err != nil {
			continue // a replaced or deleted link: nothing to offer
		}
		for _, p := range t.Players {
			add(p)
		}
	}
	for _, id := range serve.KnownLeagues(c) {
		l, err := a.Tables.League(c.Request().Context(), id)
		if err != nil {
			continue // a deleted league: nothing to offer
		}
		for _, m := range l.Active() {
			add(m)
		}
	}
	return names
}

// chipTables is how many of this phone's recent tables offer their names.
const chipTables = 6

// playerBoxes is how many name boxes the form shows for a game: its most
// players up to four (KKS 2–4: four), at least what is typed already;
// "add a player" asks for more up to the game's most.
func playerBoxes(game string, typed int) int {
	n := 3
	for _, info := range tableGames() {
		if info.Slug == game {
			n = max(info.MinPlayers, min(info.MaxPlayers, 4))
		}
	}
	return min(max(n, typed), playerSlots)
}

// tableGames are the games a table can be started for: those with a
// result editor.
func tableGames() []scoring.Info {
	var out []scoring.Info
	for _, info := range games.Infos() {
		if _, ok := games.Editor(info.Slug); ok {
			out = append(out, info)
		}
	}
	return append(out, games.Another().Engine.Info())
}

// tableGamesIn is tableGames with each called as the reader's language
// calls it (another game has no proper name).
func tableGamesIn(ctx context.Context) []scoring.Info {
	out := tableGames()
	for i := range out {
		out[i].Title = i18n.Say(ctx, games.TitlePhrase(out[i].Slug))
	}
	return out
}

// Create starts a table; bad input re-renders the form with 422.
// "Add a player" and moving a name up or down (the form's buttons, for
// a phone without JavaScript) re-render it changed.
func (a *Area) Create(c echo.Context) error {
	values, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, scoring.Phrasef("The form could not be read."))
	}
	players := seated(values["players"], values["seat"])
	if len(players) > playerSlots*2 {
		players = players[:playerSlots*2] // Create names the rule
	}
	first := c.FormValue("first")
	create := sessions.TableCreated{Game: c.FormValue("game"), Name: c.FormValue("name"), Players: players, First: firstOf(players, first)}
	var l sessions.League
	if admin := c.FormValue("league"); admin != "" {
		if l, err = a.Tables.LeagueByAdmin(c.Request().Context(), admin); err != nil {
			return serve.LinkError(c, err)
		}
	}
	if c.FormValue("_add") != "" || c.FormValue("_move") != "" {
		vm := views.NewTableVM{Game: create.Game, Name: create.Name, First: first}
		vm.Players = padded(players, playerBoxes(create.Game, len(players)))
		if c.FormValue("_add") != "" && len(vm.Players) < playerSlots {
			vm.Players = append(vm.Players, "")
		}
		vm.Players, vm.First = moveSeat(vm.Players, first, c.FormValue("_move"))
		return a.Render(c, http.StatusOK, views.NewTable(a.newTableVM(c, vm, l)))
	}
	if strings.TrimSpace(create.Name) == "" {
		create.Name = eveningName(c, time.Now())
	}
	if _, ok := games.Editor(create.Game); !ok {
		create.Game = "" // Create reports the field
	}
	if l.ID != "" {
		err = checkMembers(c, l, players)
	}
	var id string
	if err == nil {
		id, err = a.Tables.Create(c.Request().Context(), c.FormValue("_token"), create)
	}
	if err == nil && l.ID != "" {
		if lerr := a.Tables.AddTable(c.Request().Context(), l, id); lerr != nil {
			// The table is recorded: say so, and that the league does not
			// count it yet (sending the form again adds it).
			a.handed.Log.Warn("table started, not added to its league", "request_id", c.Response().Header().Get(echo.HeaderXRequestID), "err", serve.RedactLinks(lerr.Error()))
			return serve.Redirect(c, "/tables/"+id+"?done=not-in-league")
		}
	}
	var in *scoring.InputError
	if errors.As(err, &in) {
		vm := views.NewTableVM{
			Game: create.Game, Name: c.FormValue("name"), Players: padded(players, playerBoxes(create.Game, len(players))),
			First: first, Errors: views.Errors{in.Field: in.Phrase},
		}
		return a.Render(c, http.StatusUnprocessableEntity, views.NewTable(a.newTableVM(c, vm, l)))
	}
	if err != nil {
		return err
	}
	return serve.Redirect(c, "/tables/"+id)
}

// seated adds the members tapped on a league's form (seat) to the names
// typed: each one not typed already takes the next empty box, or comes
// after the others.
func seated(players, seats []string) []string {
	out := slices.Clone(players)
	for _, s := range seats {
		s = strings.TrimSpace(s)
		if s == "" || slices.ContainsFunc(out, func(p string) bool { return strings.EqualFold(strings.TrimSpace(p), s) }) {
			continue
		}
		next := len(out) // the box after the last one filled
		for next > 0 && strings.TrimSpace(out[next-1]) == "" {
			next--
		}
		if next < len(out) {
			out[next] = s
		} else {
			out = append(out, s)
		}
	}
	return out
}

// firstOf is the name in the seat "Who starts?" chose (its box's index),
// "" when none is chosen or its box is empty: the first seat starts.
func firstOf(players []string, seat string) string {
	i, err := strconv.Atoi(seat)
	if err != nil || i < 0 || i >= len(players) {
		return ""
	}
	return strings.TrimSpace(players[i])
}

// moveSeat moves a name one seat up or down ("up:2", "down:0"); who
// starts stays with the name.
func moveSeat(players []string, first, move string) ([]string, string) {
	dir, at, ok := strings.Cut(move, ":")
	i, err := strconv.Atoi(at)
	if !ok || err != nil || i < 0 || i >= len(players) {
		return players, first
	}
	j := i + 1
	if dir == "up" {
		j = i - 1
	}
	if j < 0 || j >= len(players) || dir != "up" && dir != "down" {
		return players, first
	}
	players[i], players[j] = players[j], players[i]
	switch first {
	case strconv.Itoa(i):
		first = strconv.Itoa(j)
	case strconv.Itoa(j):
		first = strconv.Itoa(i)
	}
	return players, first
}

// checkMembers refuses a league table with someone who is not a member,
// before the table exists.
func checkMembers(c echo.Context, l sessions.League, players []string) error {
	for _, p := range players {
		p = strings.TrimSpace(p)
		if p != "" && !slices.ContainsFunc(l.Members, func(m sessions.Member) bool { return strings.EqualFold(m.Name, p) }) {
			for _, m := range l.Members {
				if scoring.LooksLike(p, m.Name) {
					return kit.FormErrorf("players", "%[1]s looks like %[2]s, a member of %[3]s, but is written with other letters: choose %[2]s", p, m.Name, l.Name)
				}
			}
			return kit.FormErrorf("players", "%s is not a member of %s; add them on the league page first", p, l.Name)
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
