package server

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/views"
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
			ID: t.ID, Name: t.Name, GameTitle: gameTitle(t.Game), Moves: t.Moves - 1,
			Updated: dateTime(c, t.UpdatedAt.Local(), false, false),
		})
	}
	return render(c, http.StatusOK, views.Home(vm))
}

func gameTitle(slug string) string {
	if g, ok := games.Find(slug); ok {
		return g.Engine.Info().Title
	}
	return slug
}
