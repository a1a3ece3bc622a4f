package table

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// eveningVM is the table's standing over the evening as sessions derived
// it (Table.Evening): the sum of the games when all are of one kind (as
// the rule texts sum several games), placings when they differ, with the
// line saying which and why, and the newest games' results from their
// records. A disputed game's column says it is not counted (G-5).
func eveningVM(t sessions.Table) views.EveningVM {
	ev := tablepage.Evening(t)
	vm := views.EveningVM{Status: eveningStatus(ev)}
	switch ev.Mode {
	case sessions.EveningSum:
		vm.Points = scoring.Phrasef("Total")
		title := games.KindPhrase(ev.Kind.Slug, ev.Sheet)
		if ev.Kind.LowestWins {
			vm.Why = scoring.Count(ev.Done, "One game of %s: the fewest points lead.", "%[1]d games of %[2]s: each player's totals added, the fewest points lead, as its rules add several games.", title)
		} else {
			vm.Why = scoring.Count(ev.Done, "One game of %s: the most points lead.", "%[1]d games of %[2]s: each player's totals added, the most points lead, as its rules add several games.", title)
		}
	case sessions.EveningPlacings:
		vm.Points = scoring.Phrasef("Points")
		vm.Why = scoring.Phrasef("Different games cannot add their scores: each game gives points by place (%s for 1st, 2nd, …; a tie shares them), as in a league.", placesPhrase(ev.Points))
	default:
		vm.None = scoring.Phrasef("No game counts yet: a game counts once it is over and not disputed.")
	}
	// The newest finished games only: a long table's page stays the
	// same size (the games list below has them all).
	var shown []sessions.GameRecord
	for i := t.Games.Len() - 1; i >= 0 && len(shown) < eveningColumns; i-- {
		if r := t.Games.At(i).Record; r.Over {
			shown = append(shown, r)
		}
	}
	slices.Reverse(shown)
	for _, r := range shown {
		// A game's column names its kind only when the evening mixes
		// kinds: of one kind, the line above says which, and the number
		// alone keeps the table narrow on a phone.
		label := scoring.Verbatim(strconv.Itoa(r.Number))
		if ev.Mode != sessions.EveningSum {
			label = scoring.Phrasef("%d · %s", r.Number, games.KindPhrase(r.Game, r.Sheet))
		}
		vm.Columns = append(vm.Columns, views.EveningColumn{Label: label, Status: tablepage.Status(r)})
	}
	for _, row := range ev.Rows {
		vr := views.EveningRowVM{Rank: row.Rank, Name: row.Name, Points: row.Points, Wins: row.Wins, Leader: row.Leader}
		for _, r := range shown {
			seat, played := r.Seat(row.Name)
			switch {
			case !played:
				vr.Cells = append(vr.Cells, scoring.Verbatim("–"))
			case !r.Counted:
				vr.Cells = append(vr.Cells, scoring.Verbatim("("+serve.ScoreText(seat.Score)+")")) // not counted: the total alone
			case ev.Mode == sessions.EveningPlacings:
				vr.Cells = append(vr.Cells, scoring.Phrasef("%d. (%s)", seat.Place, serve.ScoreText(seat.Score)))
			default:
				vr.Cells = append(vr.Cells, scoring.Verbatim(serve.ScoreText(seat.Score)))
			}
		}
		vm.Rows = append(vm.Rows, vr)
	}
	return vm
}

// eveningColumns is how many games the standing shows a result of: the
// newest ones (the games list below has them all).
const eveningColumns = 6

// placesPhrase is the points of the places, "3/2/1/0" ("1.5", "1,5"),
// said by the page.
func placesPhrase(points []float64) scoring.List {
	l := scoring.List{Sep: "/"}
	for _, p := range points {
		l.Items = append(l.Items, scoring.Phrasef("%s", scoring.Decimal(p)))
	}
	return l
}

// eveningStatus says how far the evening is: "after 3 games · 1 disputed
// game not counted · game 4 in progress, round 2".
// Before the first game counts, the leader's line already says "No game
// counts yet", so the status starts with what goes on ("Game 1 in
// progress, round 2"), not "after 0 games".
func eveningStatus(ev sessions.Evening) scoring.Phrase {
	var parts []scoring.Phrase
	if ev.Done > 0 {
		parts = append(parts, scoring.Count(ev.Done, "after 1 game", "after %d games"))
	}
	if ev.Disputed > 0 {
		parts = append(parts, scoring.Count(ev.Disputed, "1 disputed game not counted", "%d disputed games not counted"))
	}
	if ev.Going > 0 {
		if len(parts) == 0 {
			parts = append(parts, scoring.Count(ev.Round, "Game %d in progress, round 1", "Game %[2]d in progress, round %[1]d", ev.Going))
		} else {
			parts = append(parts, scoring.Count(ev.Round, "game %d in progress, round 1", "game %[2]d in progress, round %[1]d", ev.Going))
		}
	}
	if len(parts) == 0 {
		return scoring.Phrase{}
	}
	return scoring.Phrasef("%s", scoring.List{Sep: " · ", Items: parts})
}

// gameSummary says how a finished game without winners stands (a
// disputed one), in the words of its kind.
func gameSummary(r sessions.GameRecord) scoring.Phrase {
	title := games.KindPhrase(r.Game, r.Sheet)
	if r.Disputed() {
		return scoring.Count(r.Violations, "%s: disputed, not counted (1 rule broken).", "%[2]s: disputed, not counted (%[1]d rules broken).", title)
	}
	return scoring.Phrasef("%s: no winner.", title)
}

// Next shows the choice of the table's next game and who starts it.
func (a *Area) Next(c echo.Context) error {
	t, err := a.Table(c)
	if err != nil {
		return err
	}
	vm := nextGameVM(c, t, c.QueryParam("game"), "", nil)
	if tablepage.Confirmed(c, t.Head) == "stopped" { // a round game stopped here
		vm.Page.Flash, vm.Page.FlashKind = tablepage.Flashes["stopped"], "good"
	}
	return a.Render(c, http.StatusOK, views.NextGamePage(vm))
}

func nextGameVM(c echo.Context, t sessions.Table, chosen, first string, errs views.Errors) views.NextGameVM {
	if chosen == "" {
		chosen = t.Info.Slug
	}
	vm := views.NextGameVM{
		Page: kit.Page(c, scoring.Phrasef("Next game")), Form: kit.Form(c, t.Head), Action: kit.EditBase(c) + "/next", Back: kit.EditBase(c),
		Players: t.Players, Chosen: chosen, First: first, Errors: errs,
	}
	vm.Scripts = []string{"js/evening.js"}
	ctx := c.Request().Context()
	// What must happen before another game: a game played along is
	// stopped here (kept or discarded), a round game is finished or its
	// rounds undone.
	if t.Play != nil {
		vm.Playing = &views.StopPlay{Form: kit.Form(c, t.Head), Action: kit.EditBase(c) + "/play/stop?back=next", Moves: len(t.Play.Steps), Title: games.PlayingPhrase(t)}
	} else if g, going := t.InProgress(); going {
		vm.Blocked = scoring.Phrasef("Game %d is not over yet: enter its last round, or stop it here, before choosing the next game.", g.Number)
		vm.Stop = &views.StopGame{Form: kit.Form(c, t.Head), Action: fmt.Sprintf("%s/games/%d/stop", kit.EditBase(c), g.Number),
			Game: g.Number, Rounds: g.Rounds(), Title: tablepage.GameName(g)}
	}
	for _, info := range tableGamesIn(ctx) {
		g := views.GameChoice{Slug: info.Slug, Title: info.Title, Starts: info.Starts, Fits: true}
		if n := len(t.Players); n < info.MinPlayers || n > info.MaxPlayers {
			g.Fits, g.Why = false, scoring.Phrasef("for %d to %d players", info.MinPlayers, info.MaxPlayers)
		}
		vm.Games = append(vm.Games, g)
	}
	return vm
}

// ChooseGame records the table's next game and who starts it, then
// opens the table on it; "play again" (then=entry or then=play) opens
// the game's entry or its play-along setup instead.
func (a *Area) ChooseGame(c echo.Context) error {
	seen, _ := serve.FormInt(c, "_seen")
	g := sessions.GameChosen{Game: c.FormValue("game"), First: c.FormValue("first")}
	app, err := a.Tables.ChooseGame(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), g)
	var in *scoring.InputError
	switch {
	case err == nil:
		switch c.FormValue("then") {
		case "entry":
			return serve.Redirect(c, kit.EditBase(c)+"/games/new")
		case "play":
			return serve.Redirect(c, kit.EditBase(c)+"/play")
		}
		return serve.Redirect(c, kit.EditBase(c)+tablepage.Done("chosen", app))
	case errors.As(err, &in), serve.Stale(c, err):
		t, lerr := a.Table(c)
		if lerr != nil {
			return lerr
		}
		status, errs := http.StatusConflict, views.Errors{"game": scoring.Phrasef("Someone else just changed this table, so nothing was done. Here is the fresh state; try again if it is still needed.")}
		if in != nil {
			status, errs = http.StatusUnprocessableEntity, views.Errors{in.Field: in.Phrase}
			if in.Field != "first" {
				errs = views.Errors{"game": in.Phrase}
			}
		}
		return a.Render(c, status, views.NextGamePage(nextGameVM(c, t, g.Game, g.First, errs)))
	}
	return serve.LinkError(c, err)
}

// eveningNames are the names of an unnamed table, by the day it starts.
var eveningNames = [7]scoring.Phrase{
	scoring.Phrasef("Sunday evening"), scoring.Phrasef("Monday evening"), scoring.Phrasef("Tuesday evening"), scoring.Phrasef("Wednesday evening"),
	scoring.Phrasef("Thursday evening"), scoring.Phrasef("Friday evening"), scoring.Phrasef("Saturday evening"),
}

// eveningName names an unnamed table after its day, in the reader's
// language: said once, when the table starts, it is the table's name from
// then on (a name, never looked up again).
func eveningName(c echo.Context, now time.Time) string {
	return i18n.Say(c.Request().Context(), eveningNames[now.Weekday()])
}

// Evening opens the whole evening on its ranking: the standing's
// places (ties share), the leaders first, with what comes next and the
// table's view-only link to share.
func (a *Area) Evening(c echo.Context) error {
	t, links, err := a.Tables.TableWithLinks(c.Request().Context(), c.Param("id"))
	if err != nil {
		return serve.LinkError(c, err)
	}
	if key, ok := tablepage.KeptKey(c, "evening", t, tablepage.EditLinks(links)); ok {
		return a.Keep(c, key, func() templ.Component { return a.eveningPage(c, t, links) })
	}
	return a.Render(c, http.StatusOK, a.eveningPage(c, t, links))
}

// eveningPage is the evening's ranking behind the edit link.
func (a *Area) eveningPage(c echo.Context, t sessions.Table, links sessions.TableLinks) templ.Component {
	ev := eveningVM(t)
	standing := tablepage.Evening(t)
	vm := views.EveningEndVM{
		Page: kit.Page(c, scoring.Phrasef("The evening: %s", t.Name)), Name: t.Name, Status: ev.Status, Why: ev.Why,
		Next: kit.EditBase(c) + "/next", Back: kit.EditBase(c),
		Share: a.handed.Share(c, "result-link", scoring.Phrasef("Can only watch"),
			scoring.Phrasef("The result to pass on: this link shows the table and cannot change it."), "/v/"+links.View, t.Name),
	}
	vm.Share.Card = "/v/" + links.View + "/card.png" // the evening's card (js/sharecard.js)
	vm.BGStats, vm.BGStatsMore = a.handed.BGStatsEvening(c, t)
	vm.Length = tablepage.Length(t.EveningLength())
	vm.Note = views.NoteVM{Note: t.EveningNote(), Action: kit.EditBase(c) + "/evening/note", Form: kit.Form(c, t.Head)}
	if tablepage.Confirmed(c, t.Head) == "noted" {
		vm.Page.Flash, vm.Page.FlashKind = tablepage.Flashes["noted"], "good"
	}
	vm.Page.Scripts = append(vm.Page.Scripts, "js/share.js", "js/sharecard.js")
	for _, r := range standing.Rows {
		vm.Ranking = append(vm.Ranking, views.RankRow{Place: r.Rank, Name: r.Name, Winner: r.Leader, Points: r.Points, ByPoints: true})
	}
	return views.EveningEnd(vm)
}

// NoteEvening writes or changes the evening's note (an empty one takes it
// away); refused, the table's page says why.
func (a *Area) NoteEvening(c echo.Context) error {
	seen, _ := serve.FormInt(c, "_seen")
	app, err := a.Tables.NoteEvening(c.Request().Context(), c.Param("id"), seen, c.FormValue("_token"), c.FormValue("note"))
	if err == nil {
		return serve.Redirect(c, kit.EditBase(c)+"/evening"+tablepage.Done("noted", app))
	}
	return a.writes.After(c, app, err, "noted")
}
