package server

import (
	"bytes"
	"slices"
	"strconv"
	"sync"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/web/kit"
)

// render writes a templ component as the response. It renders into a
// buffer first so a failing component becomes a clean error page, not half
// a page.
func render(c echo.Context, status int, comp templ.Component) error {
	return renderAs(c, status, echo.MIMETextHTMLCharsetUTF8, comp)
}

// renderAs is render with another content type (e.g. an SVG image).
func renderAs(c echo.Context, status int, contentType string, comp templ.Component) error {
	buf := renderBuffers.Get().(*bytes.Buffer)
	defer putRenderBuffer(buf)
	if err := comp.Render(c.Request().Context(), buf); err != nil {
		return err
	}
	if !zipsItself(c) {
		return c.Blob(status, contentType, buf.Bytes()) // compressPages compresses it
	}
	_, _, err := answerPage(c, status, contentType, buf.Bytes(), append([]string{kit.CSRFToken(c)}, kit.FormTokens(c)...))
	return err
}

// answerPage answers a page that compresses itself: gzipped from its
// parts kept between requests (pagezip.go), cut at the request's own
// secrets, for a client that takes gzip and a page of minGzip or more,
// else as it is; with its length either way (net/http then sends it
// whole rather than in chunks). It returns the compressed parts and the
// cuts it used (nil when the page went as it is).
func answerPage(c echo.Context, status int, contentType string, page []byte, secrets []string) (*zipped, []cut, error) {
	h := c.Response().Header()
	varyEncoding(h)
	if len(page) < minGzip || !acceptsGzip(c.Request()) {
		return nil, nil, sized(c, status, contentType, page)
	}
	cuts := tokens(page, secrets)
	if slices.ContainsFunc(cuts, func(c cut) bool { return c.n > 0xffff }) {
		cuts = nil // a stored block holds at most 64 KB; no token is that long (a phone's CSRF cookie could be)
	}
	z, err := zipOf(page, cuts)
	if err != nil {
		return nil, nil, err
	}
	return z, cuts, answerZipped(c, status, contentType, z, page, cuts)
}

// answerZipped answers page gzipped from z, its parts between cuts.
func answerZipped(c echo.Context, status int, contentType string, z *zipped, page []byte, cuts []cut) error {
	zbuf := renderBuffers.Get().(*bytes.Buffer)
	defer putRenderBuffer(zbuf)
	c.Response().Header()[echo.HeaderContentEncoding] = gzipEncoding
	return sized(c, status, contentType, z.appendGzip(zbuf.AvailableBuffer(), page, cuts))
}

// sized answers a whole body with its length: net/http sends it as it
// is rather than in chunks (the chunks' framing, 18 bytes an answer,
// goes; the socket writes stay two for a page over its 4 KB buffer).
func sized(c echo.Context, status int, contentType string, body []byte) error {
	c.Response().Header()[echo.HeaderContentLength] = []string{strconv.Itoa(len(body))}
	return c.Blob(status, contentType, body)
}

// renderBuffers keeps page buffers between requests: a table page is
// tens of KB, and growing a fresh buffer to that size for every request
// was a tenth of its cost.
var renderBuffers = sync.Pool{New: func() any { return bytes.NewBuffer(make([]byte, 0, 32<<10)) }}

// putRenderBuffer returns buf to the pool unless one rare page made it
// huge (it would be kept for good).
func putRenderBuffer(buf *bytes.Buffer) {
	if buf.Cap() > 256<<10 {
		return
	}
	buf.Reset()
	renderBuffers.Put(buf)
}
