package kociaki_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/scoring/kociaki"
	"tablemate/web/kociaki/koctest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// kocMoveDE posts the turn page's step form with extra fields, in German.
func kocMoveDE(t *testing.T, ts *webtest.Server, table string, extra url.Values) webtest.Page {
	t.Helper()
	f := ts.Get(table+"/play").FormOf(t, table+"/play/step")
	for k, v := range extra {
		f[k] = v
	}
	return ts.German(table+"/play/step", f)
}

// TestPlayAlongKocInGerman: the set-up and turn pages in German, form
// errors and refused steps with their arguments translated (a colour,
// what a pile may give, the button's name).
func TestPlayAlongKocInGerman(t *testing.T) {
	t.Parallel()
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable(kociaki.Slug, "Ola", "Ben", "Cyd")

	setup := ts.German(table+"/play", nil)
	for _, c := range []struct{ what, got, want string }{
		{"heading", setup.Text("h1"), "Kociaki Łobuziaki aufbauen"},
		{"hands", setup.Text(`[data-testid="setup-facts"] li`), "3 Personen: Jede nimmt 1 Plättchen jeder Farbe und 1 weiteres (5) (Regel KOC-3)"},
		{"a colour", setup.Text(`label.koc-turquoise`), "Türkis"},
		{"start button", setup.Text(`[data-testid="start-play"]`), "Runde 1 starten"},
	} {
		if c.got != c.want {
			t.Errorf("set-up page, %s: %q, want %q", c.what, c.got, c.want)
		}
	}
	// No start tile: the engine's form error, its colour list in German.
	f := setup.FormOf(t, table+"/play/start")
	f.Set("variant", "basic")
	if p := ts.German(table+"/play/start", f); p.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(p.Text(".field-error"), "Die Farbe des Startplättchens ist eine von Gelb, Türkis, Rosa und Grün") {
		t.Fatalf("set-up without a start tile: %d %q", p.Status, p.Text(".field-error"))
	}
	if p := koctest.Start(t, ts, table, url.Values{"start_tile": {"yellow"}, "start_piece": {"Sofa"}, "starter": {"Ben"}}); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}

	play := ts.German(table+"/play", nil)
	sameColour := "Ben kann kein Plättchen in Gelb auf Gelb (Sofa) spielen: Ein Plättchen muss eine andere Farbe haben als das, auf das es gelegt wird"
	for _, c := range []struct{ what, got, want string }{
		{"to act", play.Text(`[data-testid="to-act"]`), "Ben spielt ein Möbelplättchen"},
		{"round", play.Text(`[data-testid="round"]`), "Runde 1 von 12"},
		{"why yellow is refused", play.Text(`#why-yellow`), "Gelb: " + sameColour + " (Regel KOC-3)"},
		{"a pile", play.Text(`[data-toy="4"] [data-testid="pile-left"]`), "4 Chips"},
	} {
		if c.got != c.want {
			t.Errorf("turn page, %s: %q, want %q", c.what, c.got, c.want)
		}
	}

	for _, c := range []struct {
		what   string
		before url.Values // played first (in English)
		move   url.Values
		status int
		want   string
	}{
		{"yellow on yellow", nil, url.Values{"tile": {"yellow"}}, http.StatusUnprocessableEntity,
			"Nicht möglich: " + sameColour + " (Regel KOC-3)"},
		{"short in round 1", url.Values{"tile": {"pink"}}, url.Values{"short": {"1"}}, http.StatusUnprocessableEntity,
			"Nicht möglich: „Faden zu kurz“ zählt nur in Runde 12; dies ist Runde 1 – trag die Spielzeuge ein, die der Faden von Ben gekreuzt hat (Regel KOC-5)"},
		{"a toy and “no toy”", nil, url.Values{"toy": {"4"}, "none": {"1"}}, http.StatusUnprocessableEntity,
			"Du hast Spielzeug 4 angekreuzt, aber „Kein Spielzeug gekreuzt“ gewählt"},
		{"the chip unsaid", url.Values{"toy": {"4"}}, url.Values{"toy": {"4"}}, http.StatusUnprocessableEntity,
			"Nicht möglich: der Stapel von Spielzeug 4 kann eine 2 oder eine 3 geben (die beim Aufbau entfernten Chips sind unbekannt): Sag, welchen Chip Cyd genommen hat (Regel KOC-2)"},
		{"the second toy's chip unsaid", nil, url.Values{"toy": {"5", "4"}}, http.StatusUnprocessableEntity,
			"Nicht möglich: Spielzeug 4 (das zweite gekreuzte Spielzeug): der Stapel von Spielzeug 4 kann eine 2 oder eine 3 geben (die beim Aufbau entfernten Chips sind unbekannt): Sag, welchen Chip Cyd genommen hat (Regel KOC-2)"},
	} {
		if c.before != nil {
			if p := koctest.Move(t, ts, table, c.before); p.Status != http.StatusSeeOther {
				t.Fatalf("%s: the move before: %d", c.what, p.Status)
			}
		}
		if p := kocMoveDE(t, ts, table, c.move); p.Status != c.status || !strings.Contains(p.Body, c.want) {
			t.Errorf("%s: %d, want %d and %q; flash %q", c.what, p.Status, c.status, c.want, p.Text(".banner-bad"))
		}
	}
	turn := ts.German(table+"/play", nil)
	for _, c := range []struct{ what, got, want string }{
		{"to act", turn.Text(`[data-testid="to-act"]`), "Cyd zieht den Faden"},
		{"undo", turn.Text(`[data-testid="undo-step"]`), "Rückgängig: Zug von Ben (Spielzeug 4)"},
		{"what toy 4 may give", strings.TrimSpace(turn.Doc.Find(`[data-testid="toy-4"]`).Parent().Find(".koc-gives").Text()), "gibt 2 oder 3"},
		{"a choice", strings.TrimSpace(turn.Doc.Find(`[data-testid="chip-4-2"]`).Parent().Text()), "eine 2"},
		{"phone picker", turn.Text(`[data-testid="me-shared"]`), "allen"},
	} {
		if c.got != c.want {
			t.Errorf("after Ben's turn, %s: %q, want %q", c.what, c.got, c.want)
		}
	}
}
