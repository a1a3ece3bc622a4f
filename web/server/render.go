package server

import (
	"bytes"
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
	varyEncoding(c.Response().Header())
	if buf.Len() < minGzip || !acceptsGzip(c.Request()) {
		return c.Blob(status, contentType, buf.Bytes())
	}
	zbuf := renderBuffers.Get().(*bytes.Buffer)
	defer putRenderBuffer(zbuf)
	z, err := gzipPage(zbuf.AvailableBuffer(), buf.Bytes(), append([]string{kit.CSRFToken(c)}, kit.FormTokens(c)...))
	if err != nil {
		return err
	}
	c.Response().Header()[echo.HeaderContentEncoding] = gzipEncoding
	return c.Blob(status, contentType, z)
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
