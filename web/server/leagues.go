package server

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/sessions/league"
	"tablemate/views"
)

// newLeague renders the "start a league" form.
func (a *App) newLeague(c echo.Context) error {
	vm := views.NewLeagueVM{Page: page(c, tr(c, "Start a league")), Form: form(c, 0), Scheme: "placing", Points: "3/2/1/0"}
	return render(c, http.StatusOK, views.NewLeague(vm))
}

// createLeague starts a league and opens its admin page.
func (a *App) createLeague(c echo.Context) error {
	name, scheme, points, members := c.FormValue("name"), c.FormValue("scheme"), c.FormValue("points"), c.FormValue("members")
	l, err := a.tables.CreateLeague(c.Request().Context(), name, scheme, points, strings.Split(members, "\n"))
	var in *scoring.InputError
	if errors.As(err, &in) {
		vm := views.NewLeagueVM{Page: page(c, tr(c, "Start a league")), Form: form(c, 0), Name: name, Scheme: scheme,
			Points: points, Members: members, Errors: views.Errors{in.Field: localInput(c, in)}}
		return render(c, http.StatusUnprocessableEntity, views.NewLeague(vm))
	}
	if err != nil {
		return err
	}
	return redirect(c, "/l/"+l.AdminLink())
}

// showLeague renders the public standings of a league. The league is
// opened by its public id, so it holds no admin link to show.
func (a *App) showLeague(c echo.Context) error {
	l, err := a.loadLeague(c)
	if err != nil {
		return err
	}
	vm, err := a.leagueView(c, l)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.LeaguePage(vm))
}

// showLeagueAdmin renders the standings with the league's tools.
func (a *App) showLeagueAdmin(c echo.Context) error {
	return a.renderLeagueAdmin(c, http.StatusOK, "")
}

func (a *App) renderLeagueAdmin(c echo.Context, status int, msg string) error {
	l, err := a.loadLeagueAdmin(c)
	if err != nil {
		return err
	}
	vm, err := a.leagueAdminVM(c, l)
	if err != nil {
		return err
	}
	vm.Error = msg
	if f, ok := linkFlashes[c.QueryParam("done")]; ok && status == http.StatusOK {
		vm.Flash, vm.FlashKind = tr(c, f), "good"
	}
	return render(c, status, views.LeagueAdminPage(vm))
}

// leagueAction runs one admin form and shows the page again.
func (a *App) leagueAction(c echo.Context, act func(sessions.League) error) error {
	l, err := a.loadLeagueAdmin(c)
	if err != nil {
		return err
	}
	err = act(l)
	var in *scoring.InputError
	if errors.As(err, &in) {
		return a.renderLeagueAdmin(c, http.StatusUnprocessableEntity, localInput(c, in))
	}
	if err != nil {
		return linkError(c, err)
	}
	return redirect(c, "/l/"+c.Param("admin"))
}

func (a *App) addLeagueMember(c echo.Context) error {
	return a.leagueAction(c, func(l sessions.League) error {
		return a.tables.AddMember(c.Request().Context(), l, c.FormValue("name"), c.FormValue("emoji"))
	})
}

func (a *App) mergeLeagueMembers(c echo.Context) error {
	return a.leagueAction(c, func(l sessions.League) error {
		return a.tables.MergeMembers(c.Request().Context(), l, c.FormValue("from"), c.FormValue("into"))
	})
}

// addLeagueTable counts a table: picked from this phone's tables or
// pasted as its edit link (only the edit link proves the right to add it).
func (a *App) addLeagueTable(c echo.Context) error {
	return a.leagueAction(c, func(l sessions.League) error {
		id := c.FormValue("pick")
		if id == "" {
			link := strings.TrimSpace(c.FormValue("table"))
			_, rest, _ := strings.Cut(link, "/tables/")
			id, _, _ = strings.Cut(rest, "/")
			if link == "" || !validID(id) {
				return scoring.Errorf("table", "%s", tr(c, "paste a table's edit link (…/tables/…)"))
			}
		}
		return a.tables.AddTable(c.Request().Context(), l, id)
	})
}

// leagueView computes what every link to a league shows: standings
// overall and per game, head-to-head, and its tables through their
// view-only links. Every URL is on the public id: l was opened by it, or
// its admin link is never read here.
func (a *App) leagueView(c echo.Context, l sessions.League) (views.LeagueView, error) {
	ctx := c.Request().Context()
	vm := views.LeagueView{
		Page: page(c, l.Name), Name: l.Name, Scheme: string(l.Scheme),
		SchemeLabel: schemeLabel(c, l), PublicPath: "/leagues/" + l.ID,
	}
	vm.Scripts = []string{"js/share.js"}
	vm.Share = a.shareOf(c, "public-link", tr(c, "Standings link"),
		tr(c, "Anyone with it sees the standings and the tables; nobody can change anything with it."), vm.PublicPath, l.Name)
	emoji := map[string]string{}
	for _, m := range l.Members {
		if m.MergedInto == "" {
			vm.Members = append(vm.Members, m.Name)
			emoji[m.Name] = m.Emoji
		}
	}
	st, err := a.leagueStats(ctx, l)
	if err != nil {
		return vm, err
	}
	vm.Games = st.Games
	vm.Standings = leagueRows(st.Standings, emoji)
	for _, slug := range st.Slugs {
		if st.PerGame[slug] != nil {
			vm.PerGame = append(vm.PerGame, views.GameStandings{Slug: slug, Title: gameTitle(c.Request().Context(), slug), Standings: leagueRows(st.PerGame[slug], emoji)})
		}
	}
	for _, slug := range st.Slugs {
		vm.Distributions = append(vm.Distributions, views.BarChart{
			Title: tr(c, "How often each score was reached in %s", gameTitle(c.Request().Context(), slug)), Bars: st.Spread[slug]})
	}
	if x, y := c.QueryParam("a"), c.QueryParam("b"); x != "" && y != "" {
		vm.H2H = views.HeadToHead{A: l.Canonical(x), B: l.Canonical(y)}
		if vm.H2H.Ahead, vm.H2H.Behind, vm.H2H.Level, err = a.headToHead(ctx, l, st, vm.H2H.A, vm.H2H.B); err != nil {
			return vm, err
		}
	}
	if vm.Tables, vm.TablesPage, err = a.leagueTableRows(c, l); err != nil {
		return vm, err
	}
	return vm, nil
}

// leagueAdminVM is the league page behind its admin link (in the URL):
// the view, the admin link's panel and the tools.
func (a *App) leagueAdminVM(c echo.Context, l sessions.League) (views.LeagueAdminVM, error) {
	ctx := c.Request().Context()
	view, err := a.leagueView(c, l)
	if err != nil {
		return views.LeagueAdminVM{}, err
	}
	gen, err := a.tables.AdminGen(ctx, l)
	if err != nil {
		return views.LeagueAdminVM{}, err
	}
	adminPath := "/l/" + c.Param("admin")
	vm := views.LeagueAdminVM{
		LeagueView: view, Form: form(c, 0), AdminPath: adminPath, RotateForm: form(c, gen),
		Admin: a.shareOf(c, "admin-link", tr(c, "Admin link"), tr(c, "Whoever has it can change the league: members, tables, this link."), adminPath, l.Name),
	}
	_, vm.Open = linkFlashes[c.QueryParam("done")]
	recent, err := a.tables.Recent(ctx, recentTables(c))
	if err != nil {
		return vm, err
	}
	for _, t := range recent {
		if !l.Counts(t) {
			vm.PhoneTables = append(vm.PhoneTables, views.TableRow{ID: t.ID, Name: t.Name, GameTitle: gameTitle(c.Request().Context(), t.Game)})
		}
	}
	return vm, nil
}

// leaguePerPage is how many of a league's tables its page lists at once.
const leaguePerPage = 25

// leagueTableRows is the page of the league's tables asked for
// (?tables=N: the tables added up to the Nth), the newest first. Each is
// linked by its view-only link, on the admin page too: an admin link is
// no edit link, and replacing a table's edit link must not be undone by
// the league page. The pager's links are query-only, so they stay on the
// link the page was opened with.
func (a *App) leagueTableRows(c echo.Context, l sessions.League) ([]views.LinkRow, views.Pager, error) {
	total := l.Tables()
	p := pager(c, "tables", pageEnd(c, "tables", total), leaguePerPage, total, "league-tables")
	tables, err := a.tables.LeagueTableLinks(c.Request().Context(), l, p.From, p.To)
	if err != nil {
		return nil, p, err
	}
	var rows []views.LinkRow
	for i := len(tables) - 1; i >= 0; i-- {
		t := tables[i]
		rows = append(rows, views.LinkRow{Name: t.Name, Game: gameTitle(c.Request().Context(), t.Game), URL: "/v/" + t.View})
	}
	return rows, p, nil
}

func schemeLabel(c echo.Context, l sessions.League) string {
	switch l.Scheme {
	case league.Placing:
		return tr(c, "points by place %s", l.PointsText)
	case league.Total:
		return tr(c, "total score")
	case league.Wins:
		return tr(c, "games won")
	}
	return tr(c, "Elo rating")
}

// leagueRows turns standings into table rows with a sparkline of the trend.
func leagueRows(st []league.Standing, emoji map[string]string) []views.LeagueRow {
	rows := make([]views.LeagueRow, len(st))
	for i, s := range st {
		rows[i] = views.LeagueRow{Rank: s.Rank, Player: s.Player, Emoji: emoji[s.Player], Played: s.Played, Wins: s.Wins,
			Points: strconv.FormatFloat(s.Points, 'f', -1, 64), Spark: sparkline(s.Trend), TrendText: trendText(s.Trend)}
	}
	return rows
}

// sparkline maps a series onto a 60×20 box as SVG polyline points.
func sparkline(v []float64) string {
	if len(v) < 2 {
		return ""
	}
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = min(lo, x), max(hi, x)
	}
	var b strings.Builder
	for i, x := range v {
		y := 10.0
		if hi > lo {
			y = 18 - 16*(x-lo)/(hi-lo)
		}
		fmt.Fprintf(&b, "%.1f,%.1f ", 60*float64(i)/float64(len(v)-1), y)
	}
	return strings.TrimSpace(b.String())
}

func trendText(v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strings.Join(parts, ", ")
}

// distribution counts totals in ranges of a round width (1, 2, 5, 10, 20,
// 50 …) chosen so there are at most 8 bars.
func distribution(totals []int) []views.Bar {
	if len(totals) == 0 {
		return nil
	}
	lo, hi := slices.Min(totals), slices.Max(totals)
	width := 1
	for (hi-lo)/width >= 8 {
		width = nextWidth(width)
	}
	start := floorTo(lo, width)
	var bars []views.Bar
	for from := start; from <= hi; from += width {
		n := 0
		for _, t := range totals {
			if t >= from && t < from+width {
				n++
			}
		}
		label := strconv.Itoa(from)
		if width > 1 {
			label += "–" + strconv.Itoa(from+width-1)
		}
		bars = append(bars, views.Bar{Label: label, Value: n})
	}
	return bars
}

// nextWidth walks the 1-2-5 sequence: 1, 2, 5, 10, 20, 50, 100 …
func nextWidth(w int) int {
	for scale := 1; ; scale *= 10 {
		for _, nice := range []int{1, 2, 5} {
			if nice*scale > w {
				return nice * scale
			}
		}
	}
}

// floorTo rounds down to a multiple of w, also for negative totals.
func floorTo(v, w int) int {
	if v >= 0 {
		return v / w * w
	}
	return -((-v + w - 1) / w * w)
}
