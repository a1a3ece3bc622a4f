package server

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/views/i18n"
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
		// The JSON API stays English (API.md); static files are the same
		// in every language.
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
		h.Add("Vary", "Accept-Language, Cookie")
		h.Set("Content-Language", i18n.Code(t))
		c.SetRequest(r.WithContext(i18n.With(r.Context(), t, backPath(r))))
		return next(c)
	}
}

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
		return echo.NewHTTPError(http.StatusBadRequest, tr(c, "Choose English or Deutsch."))
	}
	c.SetCookie(&http.Cookie{Name: langCookie, Value: i18n.Code(t), Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Redirect(http.StatusSeeOther, i18n.SafeBack(c.QueryParam("back")))
}

// tr translates a handler's message into the request's language (see
// i18n.T); key is the English text.
func tr(c echo.Context, key string, args ...any) string {
	return i18n.T(c.Request().Context(), key, args...)
}

// trN is i18n.N for the request's language.
func trN(c echo.Context, n int, one, many string) string {
	return i18n.N(c.Request().Context(), n, one, many)
}

// dateTime writes a time for people: "Mon 2 Jan, 15:04" in English and
// "Mo 2. Jan., 15:04" in German (Go's layouts only know English names).
// withYear adds the year, withSeconds the seconds.
func dateTime(c echo.Context, t time.Time, withYear, withSeconds bool) string {
	clock := "15:04"
	if withSeconds {
		clock = "15:04:05"
	}
	if !i18n.IsGerman(c.Request().Context()) {
		if withYear {
			return t.Format("Mon 2 Jan 2006, " + clock)
		}
		return t.Format("Mon 2 Jan, " + clock)
	}
	day := [...]string{"So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"}[t.Weekday()]
	month := [...]string{"Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."}[t.Month()-1]
	s := fmt.Sprintf("%s %d. %s", day, t.Day(), month)
	if withYear {
		s += fmt.Sprintf(" %d", t.Year())
	}
	return s + ", " + t.Format(clock)
}

// formErrorf is scoring.Errorf for editor forms; its format is a catalog
// key (the catalog test finds the keys by this name). The API and CLI never
// see these: they take JSON, not forms.
func formErrorf(field, format string, args ...any) *scoring.InputError {
	return scoring.Errorf(field, format, args...)
}

// localInput is an input error's message in the request's language: a
// form error whose format is in the catalog is translated (its catalog
// words too, i18n.Word); names and typed text stay as written.
func localInput(c echo.Context, in *scoring.InputError) string {
	return i18n.Say(c.Request().Context(), in.Phrase)
}

// localStep is a refused step's message in the reader's language: the
// engine's own sentence (every format an engine says has German; the
// catalog's tests see to it).
func localStep(c echo.Context, se *scoring.StepError) string {
	return i18n.Say(c.Request().Context(), se.Phrase)
}

// reason is err as an argument of another message: an input error keeps
// its phrase (said in the reader's language with the message around it);
// any other error is its English text.
func reason(err error) any {
	var in *scoring.InputError
	if errors.As(err, &in) && !in.Phrase.IsZero() {
		return in.Phrase
	}
	return scoring.Name(err.Error())
}
