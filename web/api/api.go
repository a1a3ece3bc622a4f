// Package api is the JSON API's area (docs/API.md): GET /api/v1/games,
// the score check (POST /api/v1/games/:game/score) and the play API
// (POST /api/v1/games/:game/play). Its answers are said in the language
// Accept-Language asks for; it finds the games through the registry
// (web/games) and is handed the server's compression (serve.Kit).
// web/server lists its routes.
package api

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/views/i18n"
	"tablemate/web/games"
	"tablemate/web/serve"
)

// Area answers the JSON API's routes.
type Area struct {
	kit serve.Kit
}

// New is the API's area, answering through k.
func New(k serve.Kit) *Area { return &Area{kit: k} }

// bodies keeps request bodies between requests (up to 1 MiB each, most
// a few hundred bytes).
var bodies = sync.Pool{New: func() any { return bytes.NewBuffer(make([]byte, 0, 32<<10)) }}

// putBody returns buf to the pool unless one rare body made it huge.
func putBody(buf *bytes.Buffer) {
	if buf.Cap() > 256<<10 {
		return
	}
	buf.Reset()
	bodies.Put(buf)
}

// apiError is API.md's 400 body: {"error": {"message": ..., "field": ...}}.
type apiError struct {
	Error *scoring.InputError `json:"error"`
}

// apiSayer is the language an API request asks for with Accept-Language
// (English, or German for "de"), as a scoring.Sayer, nil for English: the
// answer's sentences — messages, score lines, the tie-break question, the
// state's reports — are said in it; codes, rulings, field names and
// players' names stay as they are. The answer says its language and that
// it varies with the header.
func apiSayer(c echo.Context) scoring.Sayer {
	t := i18n.Match(c.Request().Header.Get("Accept-Language"))
	h := c.Response().Header()
	// Shared values, never changed in place: no allocation per answer.
	if v, ok := h[echo.HeaderVary]; ok {
		h[echo.HeaderVary] = append(v, "Accept-Language")
	} else {
		h[echo.HeaderVary] = serve.APIVary
	}
	if v, ok := serve.ContentLanguage[t]; ok {
		h["Content-Language"] = v
	} else {
		h.Set("Content-Language", i18n.Code(t))
	}
	if t != i18n.German {
		return nil
	}
	ctx := i18n.With(c.Request().Context(), t, "")
	return func(p scoring.Phrase) string { return i18n.Say(ctx, p) }
}

// said is the answer in the reader's language: a Result, an apiError or a
// play answer with its sentences said by say (nil: as it is, English).
func said(answer any, say scoring.Sayer) any {
	if say == nil {
		return answer
	}
	switch a := answer.(type) {
	case scoring.Result:
		return a.Said(say)
	case apiError:
		if a.Error != nil {
			return apiError{a.Error.Said(say)}
		}
	case scoring.SaidAnswer:
		return a.Said(say)
	}
	return answer
}

// ScoreBody is the one score-check code path shared by the API, the CLI
// and the pages: a Result (200) or the 400 answer naming the field.
func ScoreBody(engine scoring.Game, body []byte) (scoring.Result, int, any) {
	if len(body) > scoring.MaxBody {
		return scoring.Result{}, http.StatusBadRequest, apiError{scoring.Errorf("", "body is larger than 1 MiB")}
	}
	res, err := engine.Check(body)
	var in *scoring.InputError
	switch {
	case errors.As(err, &in):
		return scoring.Result{}, http.StatusBadRequest, apiError{in}
	case err != nil:
		// Engines report unreadable input as InputError; anything else is
		// still the client's input, never a 500.
		return scoring.Result{}, http.StatusBadRequest, apiError{scoring.Errorf("", "%s", scoring.Name(err.Error()))}
	}
	return res, http.StatusOK, res
}

// Games answers GET /api/v1/games.
func (a *Area) Games(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]any{"games": games.Infos()})
}

// Score answers POST /api/v1/games/:game/score.
func (a *Area) Score(c echo.Context) error {
	say := apiSayer(c)
	engine, ok := games.Engine(c.Param("game"))
	if !ok {
		return c.JSON(http.StatusNotFound, said(apiError{scoring.Errorf("game", "unknown game %q; GET /api/v1/games lists them", scoring.Name(c.Param("game")))}, say))
	}
	if !sendsJSON(c) {
		ct := c.Request().Header.Get(echo.HeaderContentType)
		return c.JSON(http.StatusUnsupportedMediaType, said(apiError{scoring.Errorf("Content-Type", "send the state as application/json, not %s", scoring.Name(ct))}, say))
	}
	buf := bodies.Get().(*bytes.Buffer)
	defer putBody(buf)
	body, err := readAPIBody(c, buf)
	if err != nil {
		return err
	}
	res, status, answer := ScoreBody(engine, body)
	if say != nil {
		answer = said(answer, say)
		res, _ = answer.(scoring.Result)
	}
	if status != http.StatusOK || c.Request().URL.RawQuery != "" { // ?pretty: echo indents
		return c.JSON(status, answer)
	}
	// The answer as c.JSON writes it (json.Marshal and a newline), written
	// without reflection: a quarter of the API's time went to encoding.
	return a.kit.Blob(c, http.StatusOK, echo.MIMEApplicationJSON, append(res.AppendJSON(buf.AvailableBuffer()), '\n'))
}

// readAPIBody reads an API request's body, at most scoring.MaxBody+1
// bytes (the callers answer API.md's 400 over 1 MiB), into buf, a pooled
// buffer the caller gives back once it has answered. A body the server
// refused (too slow, too large: a serve.PlainError) comes back as that
// error, answered 408 or 413; any other failure to read is a 400.
func readAPIBody(c echo.Context, buf *bytes.Buffer) ([]byte, error) {
	_, err := buf.ReadFrom(io.LimitReader(c.Request().Body, scoring.MaxBody+1))
	body := buf.Bytes()
	var pe *serve.PlainError
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
	return ct == "" || ct == echo.MIMEApplicationJSON || serve.MediaType(ct) == echo.MIMEApplicationJSON
}
