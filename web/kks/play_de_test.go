package kks_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"tablemate/web/server"
	"tablemate/web/webtest"
)

// A German reader plays Koffer, Katze & Sombrero along: the set-up, the
// turn page and every refusal are German, the cards are named with the
// German colours, and the row may be typed with them too.
func TestPlayAlongKKSInGerman(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	get := func(path string) webtest.Page { t.Helper(); return ts.GetLang(path, "de") }
	post := func(path string, form url.Values) webtest.Page { t.Helper(); return ts.PostLang(path, form, "de") }
	table := ts.CreateTable("Amelia", "Victor")

	setup := get(table + "/play")
	if setup.Header.Get("Content-Language") != "de" || setup.Text("h1") != "Legt die Kartenreihe aus" ||
		setup.Text(`label[for="row-0"]`) != "Karte 1" || setup.Doc.Find(`input[placeholder="z. B. Rot 10"]`).Length() != 7 ||
		setup.Text(`[data-testid="start-play"]`) != "Spiel starten" {
		t.Fatalf("set-up page: h1 %q, label %q\n%s", setup.Text("h1"), setup.Text(`label[for="row-0"]`), setup.Body)
	}
	// The card grid fills the row with the German names.
	if setup.Doc.Find(`[data-card="Rot 10"][aria-label="Rot 10"]`).Length() != 1 || setup.Doc.Find(`[data-card="red 10"]`).Length() != 0 {
		t.Errorf("card grid names: %d German, %d English", setup.Doc.Find(`[data-card="Rot 10"]`).Length(), setup.Doc.Find(`[data-card="red 10"]`).Length())
	}

	// A card that is not one is named as typed, in a German sentence.
	row := []string{"Rot 10", "schwarz 2", "rot 1", "blau 4", "Gelb 6", "red 5", "black 9"}
	form := setup.FormOf(t, table+"/play/start")
	for i, c := range row {
		form.Set(fmt.Sprintf("row[%d]", i), c)
	}
	for _, c := range []struct{ card, want string }{
		{"green 2", `"green" ist keine Farbe: Rot, Gelb, Schwarz oder Blau`},
		{"red", `"red" ist keine Karte: Schreib eine Farbe und einen Wert, etwa „Rot 10“`},
		{"Rot 11", `"11" ist kein Kartenwert: 1 bis 10`},
		{"red 10", "Rot 10 liegt schon an Position 1 in der Reihe; jede Karte gibt es nur einmal (Regel KKS-1)"},
	} {
		bad := url.Values{}
		for k, v := range form {
			bad[k] = v
		}
		bad.Set("row[1]", c.card)
		if p := post(table+"/play/start", bad); p.Status != http.StatusUnprocessableEntity || p.Text(".field-error") != c.want {
			t.Errorf("row card %q: %d %q, want %q", c.card, p.Status, p.Text(".field-error"), c.want)
		}
	}
	if p := post(table+"/play/start", form); p.Status != http.StatusSeeOther {
		t.Fatalf("start with German colours: %d %q", p.Status, p.Text(".field-error"))
	}

	play := get(table + "/play")
	for sel, want := range map[string]string{
		`[data-testid="to-move"]`:                 "Amelia nimmt eine Karte",
		`p.muted.small`:                           "Friday · Zug 1 von 34 · 33 Karten im Stapel",
		`[data-testid="take-3"]`:                  "2 Chips zahlen",
		`[data-testid="take-1"]`:                  "kostenlos",
		`[data-pos="3"] [data-testid="row-line"]`: "offen: neue Reihe Rot",
		`[data-pos="1"] .chip`:                    "10",
	} {
		if got := play.Text(sel); got != want {
			t.Errorf("turn page %s: %q, want %q", sel, got, want)
		}
	}
	if l, _ := play.Doc.Find(`[data-pos="1"] .chip`).Attr("aria-label"); l != "Rot 10" {
		t.Errorf("row card label %q", l)
	}
	pick := get(table + "/play?take=3")
	if got := pick.Text(`[data-testid="reveal"] h2`); got != "Amelia nimmt Rot 1 (zahlt 2)" {
		t.Errorf("take 3: %q", got)
	}
	step := pick.FormOf(t, table+"/play/step")
	step.Set("reveal", "Blau 7") // typed in German: read as the blue 7
	if p := post(table+"/play/step", step); p.Status != http.StatusSeeOther {
		t.Fatalf("step: %d %q", p.Status, p.Text(`[role="status"]`))
	}

	// Victor's turn: refused steps say why in German, with the rule.
	play = get(table + "/play")
	for _, c := range []struct{ take, reveal, want string }{
		{"9", "blue 8", "Nicht möglich: Victor kann Position 9 nicht nehmen: Die Reihe hat die Positionen 1 bis 7 (Regel KKS-3)"},
		{"2", "blue 7", "Nicht möglich: Blau 7 kann nicht aus dem Stapel kommen: Sie liegt schon an Position 7 in der Reihe; jede Karte gibt es nur einmal (Regel KKS-1)"},
		{"2", "red 1", "Nicht möglich: Rot 1 kann nicht aus dem Stapel kommen: Sie liegt schon in der Auslage von Amelia; jede Karte gibt es nur einmal (Regel KKS-1)"},
		{"2", "", "Nicht möglich: der Stapel hat noch 32 Karten: Gib die aufgedeckte Karte an, die die Reihe auffüllt (Regel KKS-3)"},
		{"x", "", "Wähle die Karte, die du nimmst."},
	} {
		f := play.FormOf(t, table+"/undo")
		f.Set("take", c.take)
		if c.reveal != "" {
			f.Set("reveal", c.reveal)
		}
		if p := post(table+"/play/step", f); p.Status != http.StatusUnprocessableEntity || p.Text(`.banner-bad`) != c.want {
			t.Errorf("take %s reveal %q: %d %q\nwant %q", c.take, c.reveal, p.Status, p.Text(`.banner-bad`), c.want)
		}
	}
	if got := play.Text(`[data-player="Amelia"] [data-testid="seat-tokens"]`); got != "5 Chips" {
		t.Errorf("Amelia's supply: %q", got)
	}
	if l, _ := play.Doc.Find(`[data-player="Amelia"] .chip-red`).Attr("aria-label"); l != "Rot 1" {
		t.Errorf("display card label %q", l)
	}

	// Victor takes the red 10 with Amelia's token on it; then Amelia (5
	// tokens) cannot take the 7th card, and the row says why in German.
	f := get(table+"/play?take=1").FormOf(t, table+"/play/step")
	f.Set("reveal", "yellow 2")
	if p := post(table+"/play/step", f); p.Status != http.StatusSeeOther {
		t.Fatalf("Victor's step: %d", p.Status)
	}
	play = get(table + "/play")
	if got := play.Text(`[data-pos="7"] p`); got != "Amelia hat nur noch 5 im Chip-Vorrat, aber wer Position 7 nimmt, überspringt 6 Karten und legt auf jede einen Chip" {
		t.Errorf("refused take shown on the row: %q", got)
	}
	// One short line per card (issue #18).
	if got := play.Text(`[data-pos="4"] p`); got != "offen: höher als deine Rot 1" {
		t.Errorf("reason of take 4: %q", got)
	}
	if got := play.Text(`[data-pos="1"] [data-testid="row-tokens"]`); got != "1 Chip darauf" {
		t.Errorf("tokens on the first card: %q", got)
	}
	if got := play.Text(`[data-pos="1"] p`); got != "offen: neue Reihe Schwarz" {
		t.Errorf("take 1: %q", got)
	}
	// The same page in English is unchanged.
	if got := ts.Get(table + "/play").Text(`[data-pos="4"] p`); got != "face up: higher than your red 1" {
		t.Errorf("English reason: %q", got)
	}
}
