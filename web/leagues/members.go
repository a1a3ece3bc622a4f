package leagues

import (
	"cmp"
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/sessions/league/stats"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// A league's member pages: /leagues/{id}/members/{name} from the public
// standings, /l/{admin}/members/{name} from the admin page. Both are built
// by memberVM from a base (the league's path on the link it was opened
// with), so the public page's member pages hold no admin link: nothing
// there knows one.

// memberChartGames is how many of a member's newest games the placings chart
// shows (a chart never grows with the season).
const memberChartGames = 40

// ShowMember is a member's page behind the league's public link.
func (a *Area) ShowMember(c echo.Context) error {
	l, err := a.League(c)
	if err != nil {
		return err
	}
	return a.renderMember(c, l, "/leagues/"+l.ID, false)
}

// ShowMemberAdmin is a member's page behind the league's admin link, with
// the admin's merge form.
func (a *Area) ShowMemberAdmin(c echo.Context) error {
	l, err := a.LeagueAdmin(c)
	if err != nil {
		return err
	}
	return a.renderMember(c, l, "/l/"+c.Param("admin"), true)
}

func (a *Area) renderMember(c echo.Context, l sessions.League, base string, admin bool) error {
	name := memberParam(c)
	canon := l.Canonical(name)
	if canon != name {
		// A name merged into a member, or written in another case: the
		// member's own page.
		return c.Redirect(http.StatusSeeOther, memberURL(base, canon))
	}
	ctx := c.Request().Context()
	report, err := a.Tables.MemberReport(ctx, l)
	if err != nil {
		return err
	}
	p, ok := report.Member(canon)
	if !ok || !l.IsMember(canon) {
		return echo.NewHTTPError(http.StatusNotFound, scoring.Phrasef("%s is not a member of %s.", name, l.Name))
	}
	st, err := a.Stats(ctx, l)
	if err != nil {
		return err
	}
	vm := memberVM(c, l, p, st.Ratings, base)
	vm.Page.Styles = []string{"css/members.css"}
	if admin {
		vm.Admin, vm.MergePath, vm.Form = true, base+"/merge", kit.Form(c, 0)
		for _, m := range l.Active() {
			if m != p.Member {
				vm.Others = append(vm.Others, m)
			}
		}
	}
	return a.Render(c, http.StatusOK, views.MemberPage(vm))
}

// memberParam is the member's name from the URL. Echo gives a path
// parameter still escaped when the path had escapes (its RawPath).
func memberParam(c echo.Context) string {
	name := c.Param("name")
	if c.Request().URL.RawPath != "" {
		if n, err := url.PathUnescape(name); err == nil {
			name = n
		}
	}
	return name
}

// memberURL is a member's page on the league's base path.
func memberURL(base, name string) string {
	return base + "/members/" + url.PathEscape(name)
}

// one writes a rating or an average with one decimal, as the reader's
// language does ("17.0", "17,0").
func one(ctx context.Context, v float64) string { return i18n.Decimal(ctx, v, 1) }

// memberVM builds a member's page; every URL is on base.
func memberVM(c echo.Context, l sessions.League, p stats.Profile, ratings []sessions.Rating, base string) views.MemberVM {
	vm := views.MemberVM{
		Page: kit.Page(c, scoring.Verbatim(p.Member)), League: l.Name, LeaguePath: base, Member: p.Member,
		Played: p.Played, Won: p.Won, WinRate: stats.Percent(p.WinRate),
		CurrentStreak: p.CurrentStreak, LongestStreak: p.LongestStreak,
		AverageMinutes: p.AverageMinutes, Timed: p.Timed,
	}
	for _, m := range l.Members {
		switch {
		case m.Name == p.Member:
			vm.Emoji = m.Emoji
		case m.MergedInto != "" && l.Canonical(m.Name) == p.Member:
			vm.Merged = append(vm.Merged, m.Name)
		}
	}
	if len(p.Games) > 0 { // the favourite first
		vm.Favourite = games.KindPhrase(p.Games[0].Game, p.Games[0].Sheet)
	}
	opp := func(o stats.Opponent) views.MemberOpponent {
		if o.Name == "" {
			return views.MemberOpponent{}
		}
		return views.MemberOpponent{Name: o.Name, URL: memberURL(base, o.Name), Times: o.Times, Games: o.Games}
	}
	vm.Rival, vm.Nemesis = opp(p.Rival), opp(p.Nemesis)
	for _, r := range ratings {
		if r.Member == p.Member {
			vm.Rating, vm.RatingSigma, vm.RatingRank = one(c.Request().Context(), r.Ordinal()), one(c.Request().Context(), r.Sigma), r.Rank
		}
	}
	for _, g := range p.Games {
		vm.Games = append(vm.Games, views.MemberGame{
			Title: games.KindPhrase(g.Game, g.Sheet), Played: g.Played, Won: g.Won, WinRate: stats.Percent(g.WinRate),
			Average: one(c.Request().Context(), g.Average), Best: serve.ScoreText(g.Best), LowestWins: g.LowestWins,
		})
	}
	for _, r := range p.HeadToHead {
		vm.HeadToHead = append(vm.HeadToHead, views.MemberRecord{
			Name: r.Opponent, URL: memberURL(base, r.Opponent), Games: r.Games, Ahead: r.Ahead, Behind: r.Behind, Level: r.Level,
		})
	}
	// Those met most often first; then by name.
	slices.SortStableFunc(vm.HeadToHead, func(x, y views.MemberRecord) int {
		return cmp.Or(cmp.Compare(y.Games, x.Games), strings.Compare(x.Name, y.Name))
	})
	vm.Chart = placingChart(c, p)
	return vm
}

// placingChart is the member's newest games on the chart.
func placingChart(c echo.Context, p stats.Profile) views.PlacingChart {
	ch := views.PlacingChart{ID: "placings", Title: scoring.Phrasef("Share of the table finishing behind %s, game by game", p.Member)}
	from := max(0, len(p.Placings)-memberChartGames)
	ch.Skipped = from
	for i, pl := range p.Placings[from:] {
		ch.Points = append(ch.Points, views.PlacingPoint{
			Number: from + i + 1, Game: games.KindPhrase(pl.Game, pl.Sheet), Table: pl.Table, Place: pl.Place, Of: pl.Players,
			Won: pl.Won, Beaten: pl.Beaten, Score: serve.ScoreText(pl.Score),
		})
	}
	return ch
}
