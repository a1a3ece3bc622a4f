package cambio_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/web/cambio/cambiotest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// A German reader plays Cambio along: set-up, turn page, the round's
// scoring and the engine's refusals are German.
func TestPlayAlongCambioInGerman(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	get := func(path string) webtest.Page { t.Helper(); return ts.GetLang(path, "de") }
	post := func(path string, form url.Values) webtest.Page { t.Helper(); return ts.PostLang(path, form, "de") }
	table := cambiotest.StartRoundTable(ts, "cambio", "Ana", "Ben", "Cy")
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
	if setup.Text("h1") != "Cambio mitspielen" || setup.Text("legend") != "Wer gibt zuerst?" ||
		setup.Text(`[data-testid="start-play"]`) != "Erste Runde austeilen" ||
		!strings.Contains(setup.Text(".play-rules"), "in der jemand 50 Punkte erreicht") {
		t.Fatalf("set-up page: %q %q %q", setup.Text("h1"), setup.Text("legend"), setup.Text(".play-rules"))
	}
	if l, _ := setup.Doc.Find(".play-rules").Attr("aria-label"); l != "Regeln am Tisch" {
		t.Errorf("rules label %q", l)
	}
	bad := setup.FormOf(t, table+"/play/start")
	bad.Set("dealer", "7")
	if p := post(table+"/play/start", bad); p.Status != http.StatusUnprocessableEntity || p.Text(".field-error") != "Wähle, wer zuerst gibt." {
		t.Fatalf("bad dealer: %d %q", p.Status, p.Text(".field-error"))
	}
	start := setup.FormOf(t, table+"/play/start")
	start.Set("dealer", "1")
	if p := post(table+"/play/start", start); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}

	play := get(table + "/play")
	for sel, want := range map[string]string{
		`[data-testid="play-round"]`:    "Runde 1",
		`[data-testid="dealer"]`:        "Geber: Ben",
		`[data-testid="turn-done"]`:     "Zug fertig",
		`[data-testid="call-cambio"]`:   "Cambio! (Ben ruft, statt zu ziehen)",
		`#penalty-title`:                "Strafkarten in dieser Runde",
		`[data-testid="first-look"]`:    "Schau dir deine unteren zwei Karten an Ben hat allen vier Karten in zwei Reihen zu je zwei gegeben. Alle schauen sich einmal ihre unteren zwei Karten an und legen sie verdeckt zurück. Ben fängt an.",
		`[data-testid="play-progress"]`: "Das Spiel endet nach der Runde, in der jemand 50 Punkte erreicht.",
	} {
		if got := strings.Join(strings.Fields(play.Text(sel)), " "); got != want {
			t.Errorf("turn page %s: %q, want %q", sel, got, want)
		}
	}
	if l, _ := play.Doc.Find(`[data-player="Ana"] [data-testid="penalty-plus"]`).Attr("aria-label"); l != "eine Strafkarte mehr für Ana" {
		t.Errorf("penalty button label %q", l)
	}

	mustStep("done:1", nil)
	mustStep("penalty:0:1", nil)
	mustStep("penalty:0:1", nil)
	if l, _ := get(table + "/play").Doc.Find(`[data-player="Ana"] [data-testid="penalty-count"]`).Attr("aria-label"); l != "Ana: 2 Strafkarten" {
		t.Errorf("penalty count label %q", l)
	}
	for _, c := range []struct{ do, want string }{
		{"done:0", "Nicht möglich: Cy ist dran, nicht Ana (Regel CAM-2)"},
		{"penalty:1:-1", "Nicht möglich: Ben hat in dieser Runde keine Strafkarte gezogen, also kann keine zurückgenommen werden (Regel CAM-2)"},
		{"penalty:0:2", "Nicht möglich: Strafkarten ändern sich nur um eins auf einmal, nicht um 2 (Regel CAM-2)"},
		{"done:9", "Nicht möglich: es gibt keine Person 10 an diesem Tisch mit 3 Personen (Regel CAM-2)"},
		{"dance:0", `"dance:0" ist kein Zug in Cambio; nutze die Knöpfe der Seite`},
	} {
		if p := step(c.do, nil); p.Status != http.StatusUnprocessableEntity || p.Text(".banner-bad") != c.want {
			t.Errorf("%s: %d %q\nwant %q", c.do, p.Status, p.Text(".banner-bad"), c.want)
		}
	}

	mustStep("cambio:2", nil)
	if got := get(table + "/play").Text(`[data-testid="cambio-called"]`); strings.Join(strings.Fields(got), " ") != "Cy hat Cambio gerufen Die Karten von Cy sind eingefroren. Letzte Züge: Ana und Ben." {
		t.Errorf("after the call: %q", got)
	}
	if p := step("cambio:0", nil); p.Text(".banner-bad") != "Nicht möglich: Cy hat in Runde 1 schon Cambio gerufen; pro Runde darf nur eine Person rufen (Regel CAM-2)" {
		t.Errorf("second call: %q", p.Text(".banner-bad"))
	}
	// Ruling CAM-3: the caller's cards are frozen, so Cy is not offered
	// as running out, and a posted "out" for Cy is refused in German.
	frozen := get(table + "/play")
	if got := frozen.Text(`[data-testid="frozen"]`); got != "Die Karten von Cy sind eingefroren: Niemand darf sie ablegen, also kann Cy in dieser Runde nicht ohne Karten dastehen (Regel CAM-3)." {
		t.Errorf("frozen note: %q", got)
	}
	if frozen.Doc.Find(`[data-testid="out-2"]`).Length() != 0 || frozen.Doc.Find(`[data-testid="out-0"]`).Length() != 1 {
		t.Error("the no-cards panel offers the frozen caller, or not the others")
	}
	if p := step("out:2", nil); p.Text(".banner-bad") != "Nicht möglich: Cy hat Cambio gerufen, also sind die Karten von Cy eingefroren: Niemand darf sie ablegen, und Cy hat sie am Ende der Runde noch (Regel CAM-3)" {
		t.Errorf("the caller out: %q", p.Text(".banner-bad"))
	}
	mustStep("done:0", nil)
	mustStep("done:1", nil)
	if p := step("done:2", nil); p.Text(".banner-bad") != "Nicht möglich: Runde 1 ist vorbei: Cy hat Cambio gerufen und alle anderen hatten noch einen Zug; gebt die Karten aller ein und wertet sie, bevor jemand weiterspielt (Regel CAM-2)" {
		t.Errorf("turn after the round closed: %q", p.Text(".banner-bad"))
	}
	score := get(table + "/play")
	if got := score.Text(`[data-testid="round-closed"] strong`); got != "Runde 1 ist vorbei: Cy hat Cambio gerufen und alle anderen hatten noch einen Zug" {
		t.Errorf("closed: %q", got)
	}
	if got := score.Text(`[data-player="Ana"] [data-testid="expected-cards"]`); got != "4 bekommen + 2 Strafkarten = 6 Karten, außer es wurden welche abgelegt oder verschenkt." {
		t.Errorf("Ana's hint: %q", got)
	}
	if got := score.Text(`[data-testid="submit-round"]`); got != "Runde 1 werten" {
		t.Errorf("submit: %q", got)
	}
	mustStep("score", cambiotest.Cards("7 blue-king swap", "3", "1 1"))
	play = get(table + "/play")
	if got := play.Text(`[data-testid="play-progress"]`); got != "Ana ist 20 Punkte von 50 entfernt: Das Spiel endet nach der Runde, in der jemand diese Zahl erreicht; die wenigsten Punkte gewinnen." {
		t.Errorf("progress: %q", got)
	}
	if got := play.Text(`#totals-title`); got != "Summen" {
		t.Errorf("totals title %q", got)
	}

	// Round 2: Ben has no cards; entering cards for him is refused.
	mustStep("out:1", nil)
	if p := step("score", cambiotest.Cards("13 13", "4", "2")); p.Text(`fieldset[data-player="Ben"] .field-error`) != "Ben hatte keine Karten mehr, und das hat die Runde beendet: Lass diese Karten leer oder wähle, wie die Runde wirklich endete (Regel CAM-3)." {
		t.Errorf("out with cards: %q", p.Text(`fieldset[data-player="Ben"] .field-error`))
	}
}
