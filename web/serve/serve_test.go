package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	xlanguage "golang.org/x/text/language"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views/i18n"
)

// request is an echo context for a GET of target, in lang.
func request(target string, lang xlanguage.Tag) echo.Context {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req = req.WithContext(i18n.With(context.Background(), lang, ""))
	return echo.New().NewContext(req, httptest.NewRecorder())
}

// A link that opens nothing is 404; a replaced one is 410 saying which
// link and when, in the reader's language, never the new link; any other
// error passes as it is.
func TestLinkError(t *testing.T) {
	c := request("/tables/x", i18n.English)
	if err := LinkError(c, fmt.Errorf("open: %w", sessions.ErrNotFound)); err != echo.ErrNotFound {
		t.Errorf("not found: %v", err)
	}
	at := time.Date(2026, 11, 27, 20, 15, 0, 0, time.Local)
	var he *echo.HTTPError
	err := LinkError(c, &sessions.ReplacedError{Role: sessions.RoleView, At: at})
	if !errors.As(err, &he) || he.Code != http.StatusGone || !strings.Contains(fmt.Sprint(he.Message), "view-only link was replaced") || !strings.Contains(fmt.Sprint(he.Message), "27") {
		t.Errorf("replaced view link: %v", err)
	}
	de := LinkError(request("/l/x", i18n.German), &sessions.ReplacedError{Role: sessions.RoleAdmin, At: at})
	if !errors.As(de, &he) || he.Code != http.StatusGone || strings.Contains(i18n.Say(request("/l/x", i18n.German).Request().Context(), he.Message.(scoring.Phrase)), "replaced") {
		t.Errorf("replaced admin link, in German: %v", de)
	}
	other := errors.New("disk full")
	if err := LinkError(c, other); err != other {
		t.Errorf("another error: %v", err)
	}
	if err := LinkError(c, nil); err != nil {
		t.Errorf("no error: %v", err)
	}
}

// A list's page ends where ?name= says, clamped to the list; its links
// keep the page's other parameters but a confirmation.
func TestPager(t *testing.T) {
	c := request("/tables/x?games=30&done=edit-link&lang=de", i18n.English)
	if end := PageEnd(c, "games", 100); end != 30 {
		t.Errorf("end %d, want 30", end)
	}
	if end := PageEnd(c, "games", 12); end != 12 {
		t.Errorf("end past the list %d, want 12", end)
	}
	if end := PageEnd(request("/?games=x", i18n.English), "games", 7); end != 7 {
		t.Errorf("end of a junk value %d, want the newest, 7", end)
	}
	p := Pager(c, "games", 30, 20, 100, "games")
	if p.From != 11 || p.To != 30 || !p.Open || p.Older != "?games=10&lang=de#games" || p.Newer != "?games=50&lang=de#games" {
		t.Errorf("pager %+v", p)
	}
}

func TestSmallHelpers(t *testing.T) {
	if got := MediaType("application/json; charset=utf-8"); got != "application/json" {
		t.Errorf("MediaType = %q", got)
	}
	if got := ScoreText(-15) + " " + ScoreText(7); got != "−15 7" {
		t.Errorf("ScoreText = %q", got)
	}
	e := &PlainError{Status: http.StatusRequestTimeout, Format: "not complete after %s", Args: []any{"30 seconds"}}
	if e.Error() != "not complete after 30 seconds" {
		t.Errorf("PlainError = %q", e.Error())
	}
	for id, want := range map[string]bool{"pdgv5zwllcdzrdzqwt3kgzf6y4": true, "": false, "../etc": false, strings.Repeat("a", 41): false} {
		if ValidID(id) != want {
			t.Errorf("ValidID(%q) = %v", id, !want)
		}
	}
}
