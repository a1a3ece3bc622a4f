package leagues

import (
	"context"
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
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// NewForm renders the "start a league" form.
func (a *Area) NewForm(c echo.Context) error {
	vm := views.NewLeagueVM{Page: kit.Page(c, scoring.Phrasef("Start a league")), Form: kit.Form(c, 0), Scheme: "placing", Points: "3/2/1/0"}
	return a.Render(c, http.StatusOK, views.NewLeague(vm))
}

// Create starts a league and opens its admin page.
func (a *Area) Create(c echo.Context) error {
	name, scheme, points, members := c.FormValue("name"), c.FormValue("scheme"), c.FormValue("points"), c.FormValue("members")
	l, err := a.Tables.CreateLeagueOnce(c.Request().Context(), c.FormValue("_token"), name, scheme, points, strings.Split(members, "\n"))
	var in *scoring.InputError
	if errors.As(err, &in) {
		vm := views.NewLeagueVM{Page: kit.Page(c, scoring.Phrasef("Start a league")), Form: kit.Form(c, 0), Name: name, Scheme: scheme,
			Points: points, Members: members, Errors: views.Errors{in.Field: in.Phrase}}
		return a.Render(c, http.StatusUnprocessableEntity, views.NewLeague(vm))
	}
	if err != nil {
		return err
	}
	return serve.Redirect(c, "/l/"+l.AdminLink())
}

// Show renders the public standings of a league. The league is
// opened by its public id, so it holds no admin link to show.
func (a *Area) Show(c echo.Context) error {
	l, err := a.League(c)
	if err != nil {
		return err
	}
	vm, err := a.leagueView(c, l, "/leagues/"+l.ID)
	if err != nil {
		return err
	}
	serve.RememberLeague(c, l.ID) // its members become name chips on this phone
	key, err := a.Key(c.Request().Context(), l)
	if err != nil {
		return err
	}
	if vm.Page.Preview = a.preview(c, l, vm, key); vm.Page.Preview.Image != "" {
		vm.Share.Card = vm.PublicPath + "/card.png"
		vm.Page.Scripts = append(vm.Page.Scripts, "js/sharecard.js")
	}
	return a.Render(c, http.StatusOK, views.LeaguePage(vm))
}

// ShowAdmin renders the standings with the league's tools.
func (a *Area) ShowAdmin(c echo.Context) error {
	return a.renderAdmin(c, http.StatusOK, scoring.Phrase{})
}

func (a *Area) renderAdmin(c echo.Context, status int, msg scoring.Phrase) error {
	l, err := a.LeagueAdmin(c)
	if err != nil {
		return err
	}
	vm, err := a.leagueAdminVM(c, l)
	if err != nil {
		return err
	}
	serve.RememberLeague(c, l.ID) // its members become name chips on this phone
	vm.Error = msg
	if f, ok := serve.LinkFlashes[c.QueryParam("done")]; ok && status == http.StatusOK {
		vm.Flash, vm.FlashKind = f, "good"
	}
	return a.Render(c, status, views.LeagueAdminPage(vm))
}

// leagueAction runs one admin form and shows the page again.
func (a *Area) leagueAction(c echo.Context, act func(sessions.League) error) error {
	l, err := a.LeagueAdmin(c)
	if err != nil {
		return err
	}
	err = act(l)
	var in *scoring.InputError
	if errors.As(err, &in) {
		return a.renderAdmin(c, http.StatusUnprocessableEntity, in.Phrase)
	}
	if err != nil {
		return serve.LinkError(c, err)
	}
	return serve.Redirect(c, "/l/"+c.Param("admin"))
}

func (a *Area) AddMember(c echo.Context) error {
	return a.leagueAction(c, func(l sessions.League) error {
		return a.Tables.AddMember(c.Request().Context(), l, c.FormValue("name"), c.FormValue("emoji"))
	})
}

func (a *Area) MergeMembers(c echo.Context) error {
	return a.leagueAction(c, func(l sessions.League) error {
		return a.Tables.MergeMembers(c.Request().Context(), l, c.FormValue("from"), c.FormValue("into"))
	})
}

// AddTable counts a table: picked from this phone's tables or
// pasted as its edit link (only the edit link proves the right to add it).
// When names at the table are new to the league, it first asks who each
// one is (leagueNames), and the answers come back with decided set.
func (a *Area) AddTable(c echo.Context) error {
	l, err := a.LeagueAdmin(c)
	if err != nil {
		return err
	}
	id := c.FormValue("pick")
	if id == "" {
		link := strings.TrimSpace(c.FormValue("table"))
		_, rest, _ := strings.Cut(link, "/tables/")
		id, _, _ = strings.Cut(rest, "/")
		if link == "" || !serve.ValidID(id) {
			return a.renderAdmin(c, http.StatusUnprocessableEntity, scoring.Phrasef("paste a table's edit link (…/tables/…)"))
		}
	}
	ctx := c.Request().Context()
	var as map[string]string
	if c.FormValue("decided") != "" {
		as = map[string]string{}
		for i := range sessions.MaxLeagueMembers {
			name, ok := c.Request().PostForm["name-"+strconv.Itoa(i)]
			if !ok {
				break
			}
			switch v := c.FormValue("as-" + strconv.Itoa(i)); {
			case v == "new":
				as[name[0]] = ""
			case strings.HasPrefix(v, "is:"):
				as[name[0]] = strings.TrimPrefix(v, "is:")
			}
		}
	} else if t, err := a.Tables.Table(ctx, id); err == nil {
		if qs := nameQuestions(c, l, t.Players); len(qs) > 0 {
			return a.renderLeagueNames(c, http.StatusOK, l, id, t.Name, qs, scoring.Phrase{})
		}
	}
	if as != nil {
		err = a.Tables.AddTableAs(ctx, l, id, as)
	} else {
		err = a.Tables.AddTable(ctx, l, id)
	}
	var in *scoring.InputError
	if errors.As(err, &in) && as != nil {
		if t, terr := a.Tables.Table(ctx, id); terr == nil {
			if qs := nameQuestions(c, l, t.Players); len(qs) > 0 {
				for i := range qs {
					if v, ok := as[qs[i].Name]; ok { // keep what was chosen
						qs[i].Selected = "new"
						if v != "" {
							qs[i].Selected = "is:" + v
						}
					}
				}
				return a.renderLeagueNames(c, http.StatusUnprocessableEntity, l, id, t.Name, qs, in.Phrase)
			}
		}
	}
	if errors.As(err, &in) {
		return a.renderAdmin(c, http.StatusUnprocessableEntity, in.Phrase)
	}
	if err != nil {
		return serve.LinkError(c, err)
	}
	return serve.Redirect(c, "/l/"+c.Param("admin"))
}

// nameQuestions asks about each name at the table the league does not
// know: a new member, or one of the members it might be (offered first,
// and chosen already when there is exactly one), or any other member.
func nameQuestions(c echo.Context, l sessions.League, players []string) []views.NameQuestion {
	var qs []views.NameQuestion
	active := l.Active()
	for _, m := range l.MatchNames(players) {
		if m.Known() {
			continue
		}
		q := views.NameQuestion{Index: len(qs), Name: m.Name}
		newOne := views.NameOption{Value: "new", Label: scoring.Phrasef("%s is new to the league", scoring.Name(m.Name))}
		switch {
		case m.LooksLike != "":
			q.Note, q.Selected = scoring.Phrasef("%[1]s looks like %[2]s, a member: the letters differ but look the same. Most likely it is %[2]s.", scoring.Name(m.Name), scoring.Name(m.LooksLike)), "is:"+m.LooksLike
		case len(m.Like) == 0:
			q.Note, q.Selected = scoring.Phrasef("%s is not a member yet.", scoring.Name(m.Name)), "new"
		case len(m.Like) == 1:
			q.Note, q.Selected = scoring.Phrasef("%[1]s could be %[2]s.", scoring.Name(m.Name), scoring.Name(m.Like[0])), "is:"+m.Like[0]
		default:
			q.Note = scoring.Phrasef("%[1]s could be %[2]s: say which.", scoring.Name(m.Name), m.Like)
		}
		for _, like := range m.Like {
			q.Options = append(q.Options, views.NameOption{Value: "is:" + like, Label: scoring.Phrasef("%s, already a member", scoring.Name(like))})
		}
		q.Options = append(q.Options, newOne)
		for _, other := range active {
			if !slices.Contains(m.Like, other) {
				q.Options = append(q.Options, views.NameOption{Value: "is:" + other, Label: scoring.Phrasef("%s, already a member", scoring.Name(other))})
			}
		}
		qs = append(qs, q)
	}
	return qs
}

func (a *Area) renderLeagueNames(c echo.Context, status int, l sessions.League, pick, table string, qs []views.NameQuestion, msg scoring.Phrase) error {
	name := scoring.Verbatim(table)
	if table == "" {
		name = scoring.Phrasef("this table")
	}
	vm := views.LeagueNamesVM{
		Page: kit.Page(c, scoring.Phrasef("Who is who?")), Form: kit.Form(c, 0), League: l.Name, AdminPath: "/l/" + c.Param("admin"),
		Pick: pick, TableName: name, Questions: qs, Error: msg,
	}
	return a.Render(c, status, views.LeagueNames(vm))
}

// leagueView computes what every link to a league shows: standings
// overall and per game, ratings, head-to-head, and its tables through
// their view-only links. Every URL is on the public id (l was opened by
// it, or its admin link is never read here) but the members' pages, which
// are on base: the path of the link the page was opened with.
func (a *Area) leagueView(c echo.Context, l sessions.League, base string) (views.LeagueView, error) {
	ctx := c.Request().Context()
	vm := views.LeagueView{
		Page: kit.Page(c, scoring.Verbatim(l.Name)), Name: l.Name, Scheme: string(l.Scheme),
		SchemeLabel: SchemeLabel(l), PublicPath: "/leagues/" + l.ID,
	}
	vm.Scripts = []string{"js/share.js"}
	vm.Styles = []string{"css/members.css"}
	vm.Share = a.share(c, "public-link", scoring.Phrasef("Standings link"),
		scoring.Phrasef("Anyone with it sees the standings and the tables; nobody can change anything with it."), vm.PublicPath, l.Name)
	emoji := map[string]string{}
	for _, m := range l.Members {
		if m.MergedInto == "" {
			vm.Members = append(vm.Members, m.Name)
			emoji[m.Name] = m.Emoji
		}
	}
	st, err := a.Stats(ctx, l)
	if err != nil {
		return vm, err
	}
	vm.Games = st.Games
	vm.Standings = leagueRows(ctx, st.Standings, emoji, base)
	for _, k := range st.Kinds {
		if st.PerGame[k.Kind] != nil {
			vm.PerGame = append(vm.PerGame, views.GameStandings{Kind: k.Kind, Title: games.KindPhrase(k.Slug, k.Sheet), Standings: leagueRows(ctx, st.PerGame[k.Kind], emoji, base)})
		}
	}
	played := map[string]int{}
	for _, s := range st.Standings {
		played[s.Player] = s.Played
	}
	for _, m := range vm.Members {
		vm.People = append(vm.People, views.MemberLink{Name: m, Emoji: emoji[m], URL: memberURL(base, m), Played: played[m]})
	}
	for _, r := range st.Ratings {
		vm.Ratings = append(vm.Ratings, views.RatingRow{Rank: r.Rank, Player: r.Member, URL: memberURL(base, r.Member),
			Games: r.Games, Rating: one(ctx, r.Ordinal()), Sigma: one(ctx, r.Sigma)})
	}
	for _, k := range st.Kinds {
		vm.Distributions = append(vm.Distributions, views.BarChart{
			Title: scoring.Phrasef("How often each score was reached in %s", games.KindPhrase(k.Slug, k.Sheet)), Bars: spreadBars(ctx, st.Spread[k.Kind])})
	}
	if x, y := c.QueryParam("a"), c.QueryParam("b"); x != "" && y != "" {
		vm.H2H = views.HeadToHead{A: l.Canonical(x), B: l.Canonical(y)}
		vm.H2H.Same = vm.H2H.A == vm.H2H.B // one member twice: no game has them both
		if !vm.H2H.Same {
			if vm.H2H.Ahead, vm.H2H.Behind, vm.H2H.Level, err = a.Tables.HeadToHead(ctx, l, st, vm.H2H.A, vm.H2H.B); err != nil {
				return vm, err
			}
		}
	}
	if vm.Tables, vm.TablesPage, err = a.leagueTableRows(c, l); err != nil {
		return vm, err
	}
	return vm, nil
}

// leagueAdminVM is the league page behind its admin link (in the URL):
// the view, the admin link's panel and the tools.
func (a *Area) leagueAdminVM(c echo.Context, l sessions.League) (views.LeagueAdminVM, error) {
	ctx := c.Request().Context()
	adminPath := "/l/" + c.Param("admin")
	view, err := a.leagueView(c, l, adminPath)
	if err != nil {
		return views.LeagueAdminVM{}, err
	}
	gen, err := a.Tables.AdminGen(ctx, l)
	if err != nil {
		return views.LeagueAdminVM{}, err
	}
	vm := views.LeagueAdminVM{
		LeagueView: view, Form: kit.Form(c, 0), AdminPath: adminPath, RotateForm: kit.Form(c, gen),
		Admin: a.share(c, "admin-link", scoring.Phrasef("Admin link"), scoring.Phrasef("Whoever has it can change the league: members, tables, this link."), adminPath, l.Name),
	}
	_, vm.Open = serve.LinkFlashes[c.QueryParam("done")]
	recent, err := a.Tables.Recent(ctx, serve.RecentTables(c))
	if err != nil {
		return vm, err
	}
	for _, t := range recent {
		if !l.Counts(t) {
			vm.PhoneTables = append(vm.PhoneTables, views.TableRow{ID: t.ID, Name: t.Name, GameTitle: games.TitlePhrase(t.Game)})
		}
	}
	return vm, nil
}

// TablesPerPage is how many of a league's tables its page lists at once.
const TablesPerPage = 25

// leagueTableRows is the page of the league's tables asked for
// (?tables=N: the tables added up to the Nth), the newest first. Each is
// linked by its view-only link, on the admin page too: an admin link is
// no edit link, and replacing a table's edit link must not be undone by
// the league page. The pager's links are query-only, so they stay on the
// link the page was opened with.
func (a *Area) leagueTableRows(c echo.Context, l sessions.League) ([]views.LinkRow, views.Pager, error) {
	total := l.Tables()
	p := serve.Pager(c, "tables", serve.PageEnd(c, "tables", total), TablesPerPage, total, "league-tables")
	tables, err := a.Tables.LeagueTableLinks(c.Request().Context(), l, p.From, p.To)
	if err != nil {
		return nil, p, err
	}
	var rows []views.LinkRow
	for i := len(tables) - 1; i >= 0; i-- {
		t := tables[i]
		rows = append(rows, views.LinkRow{Name: t.Name, Game: games.TitlePhrase(t.Game), URL: "/v/" + t.View})
	}
	return rows, p, nil
}

// SchemeLabel says how league l counts ("points by place 3/2/1/0").
func SchemeLabel(l sessions.League) scoring.Phrase {
	switch l.Scheme {
	case league.Placing:
		return scoring.Phrasef("points by place %s", scoring.Name(l.PointsText))
	case league.Total:
		return scoring.Phrasef("total score")
	case league.Wins:
		return scoring.Phrasef("games won")
	}
	return scoring.Phrasef("Elo rating")
}

// leagueRows turns standings into table rows with a sparkline of the trend.
func leagueRows(ctx context.Context, st []league.Standing, emoji map[string]string, base string) []views.LeagueRow {
	rows := make([]views.LeagueRow, len(st))
	for i, s := range st {
		rows[i] = views.LeagueRow{Rank: s.Rank, Player: s.Player, Emoji: emoji[s.Player], Played: s.Played, Wins: s.Wins, URL: memberURL(base, s.Player),
			Points: s.Points, Spark: sparkline(s.Trend), Trend: s.Trend}
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
