package server

import (
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/static"
)

var staticFiles = http.FileServerFS(static.FS())

// serveStatic serves the embedded files. A URL carrying the file's current
// content hash (static.Path) is cached for a year; others for a minute.
func serveStatic(c echo.Context) error {
	name := c.Param("*")
	h := c.Response().Header()
	if v := c.QueryParam("v"); v != "" && v == static.Version(name) {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=60")
	}
	if z, ok := static.Gzipped(name); ok && acceptsGzip(c.Request()) {
		h.Add("Vary", "Accept-Encoding")
		h.Set("Content-Encoding", "gzip")
		return c.Blob(http.StatusOK, staticType(name), z)
	}
	req := c.Request().Clone(c.Request().Context())
	req.URL.Path = "/" + name
	staticFiles.ServeHTTP(c.Response(), req)
	return nil
}

// acceptsGzip reports whether the client takes gzip (q=0 refuses it).
func acceptsGzip(r *http.Request) bool {
	ae := r.Header.Get("Accept-Encoding")
	if ae == "gzip" { // Go's own client, on every request
		return true
	}
	for ae != "" {
		var part string
		part, ae, _ = strings.Cut(ae, ",")
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
			weight, err := strconv.ParseFloat(q, 64)
			return !ok || err != nil || weight > 0
		}
	}
	return false
}

// staticType is a file's content type by its extension.
func staticType(name string) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	if strings.HasSuffix(name, ".webmanifest") {
		return "application/manifest+json"
	}
	return "application/octet-stream"
}
