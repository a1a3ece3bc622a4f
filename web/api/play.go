package api

import (
	"bytes"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/web/games"
)

// Play answers POST /api/v1/games/:game/play: 200 with the replay's
// answer (refused steps are in its errors), 400 naming the field for a
// body that is not a game log, 404 for a game without guided play. Every
// game whose engine answers the play API (scoring.PlayAPI) has it.
func (a *Area) Play(c echo.Context) error {
	say := apiSayer(c)
	slug := c.Param("game")
	g, known := games.Engine(slug)
	if !known {
		return c.JSON(http.StatusNotFound, said(apiError{scoring.Errorf("game", "unknown game %q; GET /api/v1/games lists them", scoring.Name(slug))}, say))
	}
	play, ok := g.(scoring.PlayAPI)
	if !ok {
		return c.JSON(http.StatusNotFound, said(apiError{scoring.Errorf("game", "%s has no guided play; POST /api/v1/games/%s/score checks a finished game", scoring.Name(slug), scoring.Name(slug))}, say))
	}
	if !sendsJSON(c) {
		ct := c.Request().Header.Get(echo.HeaderContentType)
		return c.JSON(http.StatusUnsupportedMediaType, said(apiError{scoring.Errorf("Content-Type", "send the game log as application/json, not %s", scoring.Name(ct))}, say))
	}
	buf := bodies.Get().(*bytes.Buffer)
	defer putBody(buf)
	body, err := readAPIBody(c, buf)
	if err != nil {
		return err
	}
	if len(body) > scoring.MaxBody {
		return c.JSON(http.StatusBadRequest, said(apiError{scoring.Errorf("", "body is larger than 1 MiB")}, say))
	}
	answer, err := play.Answer(body)
	var in *scoring.InputError
	switch {
	case errors.As(err, &in):
		return c.JSON(http.StatusBadRequest, said(apiError{in}, say))
	case err != nil:
		// Anything else is still the client's input, never a 500.
		return c.JSON(http.StatusBadRequest, said(apiError{scoring.Errorf("", "%s", scoring.Name(err.Error()))}, say))
	}
	return c.JSON(http.StatusOK, said(answer, say))
}
