package main

import (
	"compress/gzip"
	"net/http"
	"strings"

	"github.com/klauspost/compress/gzhttp"
	"github.com/labstack/echo/v4"
)

// compressPages gzips pages and API answers of 1 KB or more for clients
// that take gzip. It uses klauspost/compress, whose fastest level costs
// about half of compress/gzip's on a table page (compression was a third
// of the server's time per page). Level 1: a page is compressed on every
// request, and the fastest level costs a few hundred bytes more per page.
// Event streams must reach the phone as they are written, and static
// files are sent precompressed (static.Gzipped), so both are skipped.
func compressPages() echo.MiddlewareFunc {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(1024), gzhttp.CompressionLevel(gzip.BestSpeed), gzhttp.EnableZstd(false))
	if err != nil {
		panic(err) // the options above are fixed and valid
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if strings.HasSuffix(c.Path(), "/live") || strings.HasPrefix(c.Path(), "/static/") {
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
