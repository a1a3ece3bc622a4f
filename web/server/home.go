package server

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/games"
)

// showHome renders the start page with the recent tables.
func (a *App) showHome(c echo.Context) error {
	recent, err := a.tables.Recent(c.Request().Context(), recentTables(c))
	if err != nil {
		return err
	}
	vm := views.HomeVM{Page: page(c, tr(c, "Home")), Games: games.Infos()}
	for _, t := range recent {
		vm.Recent = append(vm.Recent, views.TableRow{
			ID: t.ID, Name: t.Name, GameTitle: gameTitle(c.Request().Context(), t.Game), Moves: t.Moves - 1,
			Updated: dateTime(c, t.UpdatedAt.Local(), false, false),
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
