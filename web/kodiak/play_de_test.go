package kodiak_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/views"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// A German reader plays Kodiak along: set-up, turn page, the round's
// scoring and the engine's refusals are German.
func TestPlayAlongKodiakInGerman(t *testing.T) {
	t.Parallel()
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	get := func(path string) webtest.Page { t.Helper(); return ts.GetLang(path, "de") }
	post := func(path string, form url.Values) webtest.Page { t.Helper(); return ts.PostLang(path, form, "de") }
	table := cambiotest.StartRoundTable(ts, "kodiak", "Ana", "Ben")
	step := func(do string, extra url.Values) webtest.Page {
		t.Helper()
		return cambiotest.PlayStepIn(ts, table, do, extra, "de")
	}
	mustStep := func(do string, extra url.Values) {
		t.Helper()
		if p := step(do, extra); p.Status != http.StatusSeeOther {
			t.Fatalf("%s: %d %q", do, p.Status, p.Text(".banner-bad"))
		}
	}

	setup := get(table + "/play")
	if setup.Text("legend") != "Wer ist zuerst Kodiak?" ||
		!strings.Contains(setup.Text(".play-rules"), "das Spiel endet, wenn alle einmal Kodiak waren: 2 Runden (Regel KOD-1).") {
		t.Fatalf("set-up page: %q %q", setup.Text("legend"), setup.Text(".play-rules"))
	}
	bad := setup.FormOf(t, table+"/play/start")
	bad.Set("kodiak", "x")
	if p := post(table+"/play/start", bad); p.Status != http.StatusUnprocessableEntity || p.Text(".field-error") != "Wähle, wer zuerst Kodiak ist." {
		t.Fatalf("bad Kodiak: %d %q", p.Status, p.Text(".field-error"))
	}
	start := setup.FormOf(t, table+"/play/start")
	start.Set("kodiak", "1")
	if p := post(table+"/play/start", start); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}

	play := get(table + "/play")
	for sel, want := range map[string]string{
		`[data-testid="play-round"]`:    "Runde 1 von 2",
		`[data-testid="kodiak"]`:        "Kodiak: Ben",
		`[data-testid="pounce-count"]`:  "0 von 3",
		`[data-testid="pounce-plus"]`:   "Sturz! (−5)",
		`[data-testid="play-progress"]`: "Noch 2 Runden zu spielen: Das Spiel endet, wenn alle einmal Kodiak waren; die wenigsten Punkte gewinnen.",
	} {
		if got := play.Text(sel); got != want {
			t.Errorf("turn page %s: %q, want %q", sel, got, want)
		}
	}
	if l, _ := play.Doc.Find(`[data-player="Ana"] [data-testid="hairball-plus"]`).Attr("aria-label"); l != "ein Haarball mehr für Ana" {
		t.Errorf("hairball button label %q", l)
	}

	mustStep("done:1", nil)
	for _, c := range []struct{ do, want string }{
		{"done:1", "Nicht möglich: Ana ist dran, nicht Ben (Regel KOD-1)"},
		{"pounce:-1", "Nicht möglich: der Kodiak (Ben) hat sich in dieser Runde nicht gestürzt, also kann kein Sturz zurückgenommen werden (Regel KOD-1)"},
		{"hairball:0:-1", "Nicht möglich: Ana hat in dieser Runde keinen Haarball abgelegt, also kann keiner zurückgenommen werden (Regel KOD-1)"},
		{"hairball:0:2", "Nicht möglich: Zähler ändern sich nur um eins auf einmal, nicht um 2 (Regel KOD-1)"},
		{"zz:0", `"zz:0" ist kein Zug in Kodiak; nutze die Knöpfe der Seite`},
	} {
		if p := step(c.do, nil); p.Status != http.StatusUnprocessableEntity || p.Text(".banner-bad") != c.want {
			t.Errorf("%s: %d %q\nwant %q", c.do, p.Status, p.Text(".banner-bad"), c.want)
		}
	}
	mustStep("hairball:0:1", nil)
	for range 3 {
		mustStep("pounce:1", nil)
	}
	if p := step("pounce:1", nil); p.Text(".banner-bad") != "Nicht möglich: der Kodiak (Ben) hat sich schon 3-mal gestürzt; 3-mal ist das Höchste pro Runde (−15) (Regel KOD-1)" {
		t.Errorf("4th pounce: %q", p.Text(".banner-bad"))
	}
	if p := step("done:0", nil); p.Text(".banner-bad") != "Nicht möglich: Runde 1 endete, als der Kodiak (Ben) sich seine letzte Karte weggestürzt hat; gebt die Karten aller ein und wertet sie, bevor jemand weiterspielt (Regel KOD-1)" {
		t.Errorf("turn after the round closed: %q", p.Text(".banner-bad"))
	}
	score := get(table + "/play")
	for sel, want := range map[string]string{
		`[data-testid="round-closed"] strong`:                "Runde 1 ist vorbei: Der Kodiak (Ben) hat sich dreimal gestürzt und hat keine Karten mehr",
		`[data-player="Ana"] [data-testid="counted"]`:        "Beim Spielen gezählt: 0 Stürze, 1 Haarball abgelegt.",
		`[data-player="Ben"] [data-testid="expected-cards"]`: "Keine Karten mehr: Das hat die Runde beendet, also gibt es nichts einzugeben.",
		`label[for="p0-hairballs_kept"]`:                     "Noch gehaltene Haarbälle (je +10)",
	} {
		if got := score.Text(sel); got != want {
			t.Errorf("scoring %s: %q, want %q", sel, got, want)
		}
	}
	hairball := url.Values{}
	hairball.Set(views.PField(0, "cards"), "2 hairball")
	if p := step("score", hairball); p.Text(".banner-bad") != "Nicht möglich: Ana hat einen Haarball bei den Karten; zähl ihn stattdessen als gehaltenen Haarball (+10) (Regel KOD-2)" {
		t.Errorf("a hairball among the cards: %q", p.Text(".banner-bad"))
	}
	round1 := url.Values{}
	round1.Set(views.PField(0, "cards"), "5 red-king")
	mustStep("score", round1)
	if got := get(table + "/play").Text(`[data-testid="play-progress"]`); got != "Ben führt mit −15. Noch 1 Runde zu spielen: Das Spiel endet, wenn alle einmal Kodiak waren; die wenigsten Punkte gewinnen." {
		t.Errorf("progress: %q", got)
	}
}
