package server

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/views/i18n"
	"tablemate/web/serve"
)

// langCookie holds the language chosen with the footer switch; it wins
// over the browser's Accept-Language.
const langCookie = "lang"

// language puts the request's language into its context, where handlers
// (tr) and templ components (i18n.T(ctx, …)) find it. The answer varies
// with both headers that decide it.
func language(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		// The JSON API reads Accept-Language itself (apiSayer: English or
		// German, never the page's cookie) and says so in its own answer;
		// static files are the same in every language.
		if strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/static/") {
			return next(c)
		}
		t := i18n.Match(r.Header.Get("Accept-Language"))
		if ck, err := r.Cookie(langCookie); err == nil {
			if ct, ok := i18n.Parse(ck.Value); ok {
				t = ct
			}
		}
		h := c.Response().Header()
		if v, ok := h["Vary"]; ok {
			h["Vary"] = append(v, "Accept-Language, Cookie")
		} else {
			h["Vary"] = varyOnLanguage
		}
		if v, ok := contentLanguage[t]; ok {
			h["Content-Language"] = v
		} else {
			h.Set("Content-Language", i18n.Code(t))
		}
		c.SetRequest(r.WithContext(i18n.With(r.Context(), t, backPath(r))))
		return next(c)
	}
}

// The headers language sets, made once (see fixedHeaders).
var (
	varyOnLanguage  = []string{"Accept-Language, Cookie"}[:1:1]
	contentLanguage = serve.ContentLanguage
)

// backPath is where the language switch returns to: this page, or for a
// page answering a form post (whose URL takes no GET) the page the form
// was on, when the browser says so and it is on this site.
func backPath(r *http.Request) string {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return r.URL.RequestURI()
	}
	if u, err := url.Parse(r.Referer()); err == nil && u.Host == r.Host && u.Path != "" {
		return u.RequestURI()
	}
	return "/"
}

// switchLanguage is GET /lang?to=de&back=/path: it stores the choice in a
// cookie for a year and goes back to the page, which must be on this site.
func (a *App) switchLanguage(c echo.Context) error {
	t, ok := i18n.Parse(c.QueryParam("to"))
	if !ok {
		return echo.NewHTTPError(http.StatusBadRequest, scoring.Phrasef("Choose English or Deutsch."))
	}
	c.SetCookie(&http.Cookie{Name: langCookie, Value: i18n.Code(t), Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Redirect(http.StatusSeeOther, i18n.SafeBack(c.QueryParam("back")))
}
