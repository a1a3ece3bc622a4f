package runemarket_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/web/runemarket/rmtest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// Issue #38, fewer taps: a bought rune goes into the one shelter that can
// take it with one tap (a form that is a single button, all the loose runes
// of its colour), the form that puts fewer shows only when there are more
// than one, and the number cards have a pad of 0–13.
func TestRuneMarketFewerTaps(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := rmtest.CreateTable(ts, "Ana", "Ben")
	if p := rmtest.Start(t, ts, table, "5", "5", "1", "1", "Ana"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}
	play := ts.Get(table + "/play")
	if n := play.Doc.Find(`[data-testid="rune"] [data-rm-pad] button[data-rm-card]`).Length(); n != 14 {
		t.Errorf("the rune's pad has %d number cards, want 0–13", n)
	}
	if play.Doc.Find(`[data-testid="place-all"]`).Length() != 0 {
		t.Error("a place for runes offered with none loose")
	}
	for _, m := range []rmtest.Move{{"do": "shelter", "colour": "red"}, {"do": "rune", "colour": "red", "cards": "2 3"}} {
		if p := rmtest.Play(t, ts, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("%v: %d %s", m, p.Status, p.Text(".banner-bad"))
		}
	}
	play = ts.Get(table + "/play")
	one := play.Doc.Find(`[data-testid="place-all"] form`)
	if one.Length() != 1 || one.Find(`button`).Length() != 1 || one.Find("select, input:not([type=hidden])").Length() != 0 {
		t.Fatalf("one place for the loose red rune, one button: %d forms", one.Length())
	}
	if got := one.Find("button").Text(); got != "Put the red rune into the red shelter" {
		t.Errorf("the one-tap place reads %q", got)
	}
	if play.Doc.Find(`[data-testid="place"]`).Length() != 0 {
		t.Error("the form that puts fewer runes shows for 1 loose rune")
	}
	f := url.Values{}
	one.Find(`input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		v, _ := s.Attr("value")
		f.Set(name, v)
	})
	if p := ts.Post(table+"/play/step", f); p.Status != http.StatusSeeOther {
		t.Fatalf("the one tap: %d %s", p.Status, p.Text(".banner-bad"))
	}
	play = ts.Get(table + "/play")
	if got := play.Text(`[data-player="Ana"] [data-testid="shelter"] [role="img"]`); got != "1" {
		t.Errorf("the red shelter holds %q runes after the tap", got)
	}
	if got := play.Text(`[data-testid="last-move"]`); got != "Last move: Ana put 1 red rune into a shelter." {
		t.Errorf("last move: %q", got)
	}
	// Two loose runes: one tap puts both; the form for fewer shows.
	for _, m := range []rmtest.Move{{"do": "draw"}, {"do": "shelter", "colour": "red"},
		{"do": "rune", "colour": "red", "cards": "5"}, {"do": "rune", "colour": "red", "cards": "10"}} {
		if p := rmtest.Play(t, ts, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("%v: %d %s", m, p.Status, p.Text(".banner-bad"))
		}
	}
	play = ts.Get(table + "/play")
	if got := play.Text(`[data-testid="place-all"] button`); got != "Put the 2 red runes into the red shelter" || play.Text(`[data-testid="to-move"]`) != "Ben’s turn" {
		t.Errorf("the one-tap place for 2 reads %q", got)
	}
	if play.Doc.Find(`[data-testid="place"]`).Length() != 1 {
		t.Error("no form to put fewer of 2 loose runes")
	}
	if got := ts.GetLang(table+"/play", "de").Text(`[data-testid="place-all"] button`); got != "Die 2 roten Runen in den roten Unterstand legen" {
		t.Errorf("German one-tap place: %q", got)
	}
}
