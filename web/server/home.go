package server

import (
	"context"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/games"
)

// showHome renders the start page with the recent tables.
func (a *App) showHome(c echo.Context) error {
	// The tables' cards count their games (not log entries: an undo or a
	// guided move is no game), without replaying a table that did not
	// change.
	recent, err := a.tables.Cards(c.Request().Context(), recentTables(c))
	if err != nil {
		return err
	}
	slices.SortStableFunc(recent, func(x, y sessions.TableSummary) int { return y.Last.Compare(x.Last) })
	vm := views.HomeVM{Page: page(c, tr(c, "Home")), Games: games.Infos()}
	for _, t := range recent {
		vm.Recent = append(vm.Recent, views.TableRow{
			ID: t.Edit, Name: t.Name, GameTitle: gameTitle(c.Request().Context(), t.Game), Played: t.Played,
			Updated: dateTime(c, t.Last.Local(), false, false),
		})
	}
	return render(c, http.StatusOK, views.Home(vm))
}

// gameTitle is what a game is called in lists, in the reader's language
// for another game (a sheet's own name is its table's business).
func gameTitle(ctx context.Context, slug string) string {
	if slug == games.Another().Engine.Info().Slug {
		return i18n.T(ctx, "Another game")
	}
	if g, ok := games.Find(slug); ok {
		return g.Engine.Info().Title
	}
	return slug
}
