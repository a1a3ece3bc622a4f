package main

import (
	"net/http"

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
	req := c.Request().Clone(c.Request().Context())
	req.URL.Path = "/" + name
	staticFiles.ServeHTTP(c.Response(), req)
	return nil
}
