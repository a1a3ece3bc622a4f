package main

import (
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/games"
)

// apiError is API.md's 400 body: {"error": {"message": ..., "field": ...}}.
type apiError struct {
	Error *scoring.InputError `json:"error"`
}

// scoreBody is the one score-check code path shared by the API, the CLI
// and the pages: a Result (200) or the 400 answer naming the field.
func scoreBody(engine scoring.Game, body []byte) (scoring.Result, int, any) {
	if len(body) > scoring.MaxBody {
		return scoring.Result{}, http.StatusBadRequest, apiError{scoring.Errorf("", "the body is larger than 1 MiB")}
	}
	res, err := engine.Check(body)
	var in *scoring.InputError
	switch {
	case errors.As(err, &in):
		return scoring.Result{}, http.StatusBadRequest, apiError{in}
	case err != nil:
		// Engines report unreadable input as InputError; anything else is
		// still the client's input, never a 500.
		return scoring.Result{}, http.StatusBadRequest, apiError{scoring.Errorf("", "%s", err.Error())}
	}
	return res, http.StatusOK, res
}

// listGames answers GET /api/v1/games.
func (a *app) listGames(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]any{"games": games.Infos()})
}

// scoreGame answers POST /api/v1/games/:game/score.
func (a *app) scoreGame(c echo.Context) error {
	engine, ok := games.Find(c.Param("game"))
	if !ok {
		return c.JSON(http.StatusNotFound, apiError{scoring.Errorf("game", "unknown game %q; GET /api/v1/games lists them", c.Param("game"))})
	}
	if !sendsJSON(c) {
		ct := c.Request().Header.Get(echo.HeaderContentType)
		return c.JSON(http.StatusUnsupportedMediaType, apiError{scoring.Errorf("Content-Type", "send the state as application/json, not %s", ct)})
	}
	body, err := readAPIBody(c)
	if err != nil {
		return err
	}
	_, status, answer := scoreBody(engine, body)
	return c.JSON(status, answer)
}

// readAPIBody reads an API request's body, at most scoring.MaxBody+1
// bytes (the callers answer API.md's 400 over 1 MiB). A body guardBodies
// refused (too slow, too large) comes back as that error, answered 408 or
// 413; any other failure to read is a 400.
func readAPIBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, scoring.MaxBody+1))
	var pe *plainError
	switch {
	case errors.As(err, &pe):
		return nil, pe
	case err != nil:
		return nil, echo.NewHTTPError(http.StatusBadRequest, "could not read the body: "+err.Error())
	}
	return body, nil
}

// sendsJSON reports whether the request body is declared as JSON (or not
// declared at all, which curl users often forget).
func sendsJSON(c echo.Context) bool {
	ct := c.Request().Header.Get(echo.HeaderContentType)
	return ct == "" || mediaType(ct) == echo.MIMEApplicationJSON
}
