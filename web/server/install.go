package server

import (
	"io/fs"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/static"
	"tablemate/views"
	"tablemate/web/kit"
)

// serviceWorker serves /sw.js from the root so it may cover every page;
// it is always revalidated so a new version reaches phones.
func serviceWorker(c echo.Context) error {
	b, err := fs.ReadFile(static.FS(), "js/sw.js")
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	c.Response().Header().Set("Service-Worker-Allowed", "/")
	return c.Blob(http.StatusOK, "text/javascript; charset=utf-8", b)
}

// manifest serves the web app manifest that makes Tablemate installable.
func manifest(c echo.Context) error {
	b, err := fs.ReadFile(static.FS(), "manifest.webmanifest")
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=3600")
	return c.Blob(http.StatusOK, "application/manifest+json", b)
}

// showOffline is the page the service worker keeps for lost connections.
func (a *App) showOffline(c echo.Context) error {
	return render(c, http.StatusOK, views.Offline(kit.Page(c, scoring.Phrasef("Offline")), c.QueryParam("write") == "1"))
}
