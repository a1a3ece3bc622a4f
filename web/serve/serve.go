// Package serve is what every area of the web app shares (web/api, and
// the areas still in web/server): the errors people read, the form and
// header helpers, and Kit, what web/server hands an area when it builds
// it (rendering, compressing). An area imports serve, never web/server;
// web/server builds the areas and lists their routes (routes.go).
//
// One request's path: web/server's middleware (server.go: the request
// id, the language, the body's bounds, compression, the form token)
// then routes.go's handler, an area's method; the area reads the store
// (sessions) and the registry (web/games), and answers through Kit or
// echo; errors come back to web/server's error handler (PlainError,
// echo.HTTPError, the store's errors).
package serve

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strconv"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	xlanguage "golang.org/x/text/language"

	"tablemate/sessions"
	"tablemate/views/i18n"
)

// Kit is what web/server hands every area: the ways of answering that
// depend on the server's own set-up (which pages compress themselves,
// the compressor's buffers and levels), and the store.
type Kit struct {
	// Tables are the store's tables and leagues, read through the
	// engines (the links open them: League, LeagueAdmin).
	Tables *sessions.Tables
	// Render writes a templ component as the answer: rendered whole
	// first, so a failing component becomes a clean error page.
	Render func(c echo.Context, status int, comp templ.Component) error
	// Blob answers a whole body as the server compresses answers (gzip
	// at its fastest level from 1 KB for a client that takes it, and
	// Vary: Accept-Encoding either way), so a handler holding its whole
	// answer saves the compressing wrapper.
	Blob func(c echo.Context, status int, contentType string, body []byte) error
	// Kept answers a page (status 200) that is the same for every reader
	// of what key names but for its tokens: the page kept rendered under
	// key and what the server adds of the request (its language, path,
	// public address and features), with this request's tokens spliced
	// in; else page() rendered, answered and kept. key must name all that
	// page() reads besides those (a table's key and version, the links it
	// shows, the route). Call it through Keep.
	Kept func(c echo.Context, key string, page func() templ.Component) error
}

// Keep answers page() through Kept, or rendered afresh when the server
// keeps no pages (Kept nil).
func (k Kit) Keep(c echo.Context, key string, page func() templ.Component) error {
	if k.Kept == nil {
		return k.Render(c, http.StatusOK, page())
	}
	return k.Kept(c, key, page)
}

// PlainError is an error answer people read: the status, the message as
// an English format and arguments (a page says it in the reader's
// language, so the format is a catalog key; an argument may be a
// scoring.Phrase, translated in turn) and the English sentence the JSON
// API answers (the formatted message when empty). web/server's error
// handler answers it.
type PlainError struct {
	Status int
	Format string
	Args   []any
	API    string
}

func (e *PlainError) Error() string { return fmt.Sprintf(e.Format, e.Args...) }

// MediaType is contentType without its parameters ("application/json"
// of "application/json; charset=utf-8"), contentType itself when it
// cannot be read.
func MediaType(contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return contentType
	}
	return mt
}

// FormInt reads an integer form value; ok is false when it is missing or
// not a number.
func FormInt(c echo.Context, name string) (int, bool) {
	n, err := strconv.Atoi(c.FormValue(name))
	return n, err == nil
}

// Redirect answers a successful form post (post/redirect/get).
func Redirect(c echo.Context, url string) error {
	return c.Redirect(http.StatusSeeOther, url)
}

// ContentLanguage are the Content-Language values of the languages
// pages and answers are said in, made once and shared by every answer (a
// header value is never changed in place).
var ContentLanguage = map[xlanguage.Tag][]string{
	i18n.English: {i18n.Code(i18n.English)},
	i18n.German:  {i18n.Code(i18n.German)},
}

// APIVary is a JSON API answer's Vary: it is said in the language asked
// for (Accept-Language); a compressed answer's is APIVaryEncoding. Their
// lengths are their capacities, so adding to one copies it.
var (
	APIVary         = []string{"Accept-Language"}[:1:1]
	APIVaryEncoding = []string{"Accept-Language", echo.HeaderAcceptEncoding}[:2:2]
)

// HeaderMovedOn is on a 409 answer to a write the table had moved on
// from: how many entries were made since the version the form was drawn
// at, not counting the clock's taps (which never refuse an entry). The
// outbox says it to the person ("someone else made 2 entries"); it is
// absent when the store does not know the count.
const HeaderMovedOn = "Tablemate-Moved-On"

// Stale reports whether err is the store's "the table moved on"
// (*sessions.StaleError), and names on the answer how far it moved on
// (HeaderMovedOn) when that is known.
func Stale(c echo.Context, err error) bool {
	var stale *sessions.StaleError
	if !errors.As(err, &stale) {
		return false
	}
	if stale.Entries > 0 {
		c.Response().Header().Set(HeaderMovedOn, strconv.Itoa(stale.Entries))
	}
	return true
}
