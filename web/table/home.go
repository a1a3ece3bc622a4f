package table

import (
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// Home renders the start page with the recent tables.
func (a *Area) Home(c echo.Context) error {
	// The tables' cards count their games (not log entries: an undo or a
	// guided move is no game), without replaying a table that did not
	// change.
	recent, err := a.Tables.Cards(c.Request().Context(), serve.RecentTables(c))
	if err != nil {
		return err
	}
	slices.SortStableFunc(recent, func(x, y sessions.TableSummary) int { return y.Last.Compare(x.Last) })
	vm := views.HomeVM{Page: kit.Page(c, scoring.Phrasef("Home")), Games: games.Infos()}
	for _, t := range recent {
		vm.Recent = append(vm.Recent, views.TableRow{
			ID: t.Edit, Name: t.Name, GameTitle: games.TitlePhrase(t.Game), Played: t.Played,
			Updated: serve.DateTime(c, t.Last.Local(), false, false),
		})
	}
	return a.Render(c, http.StatusOK, views.Home(vm))
}
