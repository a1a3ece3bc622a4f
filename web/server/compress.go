package server

import (
	"bytes"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
	"github.com/labstack/echo/v4"

	"tablemate/web/serve"
)

// compressPages gzips pages and API answers of 1 KB or more for clients
// that take gzip. It uses klauspost/compress, whose fastest level costs
// about half of compress/gzip's on a table page (compression was a third
// of the server's time per page). Level 1: a page is compressed on every
// request, and the fastest level costs a few hundred bytes more per page.
// Event streams must reach the phone as they are written, static files
// are sent precompressed (static.Gzipped), and the score-check API
// compresses its answer itself (blobCompressed), so these are skipped.
func compressPages() echo.MiddlewareFunc {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(minGzip), gzhttp.CompressionLevel(gzip.BestSpeed), gzhttp.EnableZstd(false))
	if err != nil {
		panic(err) // the options above are fixed and valid
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if p := c.Path(); strings.HasSuffix(p, "/live") || strings.HasPrefix(p, "/static/") || p == scoreRoute || zippedRoutes[p] {
				return next(c)
			}
			res := c.Response()
			raw := res.Writer
			defer func() { res.Writer = raw }()
			wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				res.Writer = w
				// An error page is written here, through the compressor,
				// while it is still open (not by the outer error handler
				// after it has closed).
				if err := next(c); err != nil {
					c.Error(err)
				}
			})).ServeHTTP(raw, c.Request())
			return nil
		}
	}
}

// zippedRoutes are the routes of pages that render compresses itself, once per
// page (pagezip.go): the pages of a table, of its games and of leagues,
// viewed again and again between two changes.
var zippedRoutes = map[string]bool{
	"/tables/:id": true, "/v/:rid": true, "/tables/:id/games/:n": true, "/v/:rid/games/:n": true,
	"/tables/:id/games/new": true, "/tables/:id/evening": true, "/tables/:id/next": true,
	"/leagues/:id": true, "/l/:admin": true, "/": true, "/tables/new": true, "/check": true, "/check/:game": true,
}

// zipsItself reports whether c's page is compressed by render.
func zipsItself(c echo.Context) bool { return zippedRoutes[c.Path()] }

// minGzip is the smallest answer worth compressing.
const minGzip = 1024

// gzipWriters keeps compressors between answers (each holds its tables).
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return zw
}}

// blobCompressed answers body as compressPages would: gzip at the fastest
// level for a client that takes it when body is minGzip or more, as it is
// otherwise, and Vary: Accept-Encoding either way. A handler holding its
// whole answer saves the wrapper, which was an eighth of the score-check
// API's time on a small answer.
func blobCompressed(c echo.Context, status int, contentType string, body []byte) error {
	h := c.Response().Header()
	varyEncoding(h)
	if contentType == echo.MIMEApplicationJSON {
		h[echo.HeaderContentType] = jsonType // c.Blob keeps a type set, and this one allocates nothing
	}
	if len(body) < minGzip || !acceptsGzip(c.Request()) {
		return c.Blob(status, contentType, body)
	}
	buf := renderBuffers.Get().(*bytes.Buffer)
	defer putRenderBuffer(buf)
	zw := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(zw)
	zw.Reset(buf)
	zw.Write(body)
	if err := zw.Close(); err != nil {
		return err
	}
	h[echo.HeaderContentEncoding] = gzipEncoding
	return c.Blob(status, contentType, buf.Bytes())
}

// Header values shared by every answer that carries them (never changed
// in place; Add copies a value of full capacity).
var (
	jsonType       = []string{echo.MIMEApplicationJSON}[:1:1]
	gzipEncoding   = []string{"gzip"}[:1:1]
	varyOnEncoding = []string{echo.HeaderAcceptEncoding}[:1:1]
)

// varyEncoding adds Accept-Encoding to h's Vary.
func varyEncoding(h http.Header) {
	if v, ok := h[echo.HeaderVary]; ok {
		switch {
		case slices.Contains(v, echo.HeaderAcceptEncoding):
		case len(v) == 1 && v[0] == serve.APIVary[0]: // an API answer's, shared
			h[echo.HeaderVary] = serve.APIVaryEncoding
		default:
			h[echo.HeaderVary] = append(v, echo.HeaderAcceptEncoding)
		}
		return
	}
	h[echo.HeaderVary] = varyOnEncoding
}
