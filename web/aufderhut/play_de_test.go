package aufderhut_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/aufderhut/adhtest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// TestPlayAlongADHInGerman: the set-up page, the turn page, a refused
// set-up and a refused step in German, with their arguments; the same
// refusal stays English for an English reader.
func TestPlayAlongADHInGerman(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable("auf-der-hut", "Ida", "Jan")

	setup := ts.German(table+"/play", nil)
	for _, c := range []struct{ what, got, want string }{
		{"heading", setup.Text("h1"), "Legt die Auslage aus"},
		{"first spot", setup.Text(`label[for="spot-0"]`), "Platz 1"},
		{"a default name", setup.Doc.Find(`#name-2`).AttrOr("placeholder", ""), "Figur 3"},
		{"a character to pick", setup.Text(`#spot-0 option[value="3"]`), "Figur 3"},
		{"start button", setup.Text(`[data-testid="start-play"]`), "Spiel starten"},
	} {
		if c.got != c.want {
			t.Errorf("set-up page, %s: %q, want %q", c.what, c.got, c.want)
		}
	}

	// A third copy of a named character: the engine's form error in German.
	form := adhtest.SetupForm(setup.FormOf(t, table+"/play/start"), "standard", adhNames, 1, 1, 1, 2, 3, 4, 5)
	if p := ts.German(table+"/play/start", form); p.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(p.Text(".field-error"), "Platz 3: ein drittes Mal Wizard; jede Figur gibt es nur zweimal (Regel ADH-1)") {
		t.Fatalf("third copy at set-up: %d %q", p.Status, p.Text(".field-error"))
	}
	form = adhtest.SetupForm(setup.FormOf(t, table+"/play/start"), "standard", nil, 1, 2, 3, 4, 4, 5, 6)
	if p := ts.German(table+"/play/start", form); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}

	turn := ts.German(table+"/play", nil)
	for _, c := range []struct{ what, got, want string }{
		{"to move", turn.Text(`[data-testid="to-move"]`), "Zug von Ida"},
		{"look", turn.Text(`[data-testid="do-look"]`), "Einen Hut ansehen"},
		{"character pile", turn.Text(`[data-testid="piles"] li`), "13 im Figurenstapel"},
		{"a spot for screen readers", turn.Doc.Find(`[data-testid="spot-1"]`).AttrOr("aria-label", ""), "Platz 1: Figur 1, Hut verdeckt"},
		{"seat counts", turn.Text(`[data-player="Ida"] [data-testid="seat-counts"]`), "0 Figuren · 0 Wunderhüte · 0 Glatzköpfe"},
	} {
		if c.got != c.want {
			t.Errorf("turn page, %s: %q, want %q", c.what, c.got, c.want)
		}
	}

	// A spot that does not exist, posted by hand: refused in the reader's
	// language, with the player and the spot in the sentence.
	step := ts.German(table+"/play?do=look", nil).FormOf(t, table+"/play/step")
	step.Set("look", "9")
	for _, c := range []struct {
		lang, want string
	}{
		{"de", "Nicht möglich: Ida: Platz 9 gibt es nicht; die Auslage hat die Plätze 1 bis 7 (Regel ADH-1)"},
		{"en", "Not possible: Ida: spot 9 does not exist; the display has spots 1 to 7 (rule ADH-1)"},
	} {
		var p webtest.Page
		if c.lang == "de" {
			p = ts.German(table+"/play/step", step)
		} else {
			p = ts.Post(table+"/play/step", step)
		}
		if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, c.want) {
			t.Errorf("%s: spot 9: %d, want %q in\n%s", c.lang, p.Status, c.want, p.Text(`[role="status"]`))
		}
	}

	// A look, then the swap back's warning and the last move in German.
	if p := adhtest.Step(ts, table, "do=look", map[string]string{"look": "3"}); p.Status != http.StatusSeeOther {
		t.Fatalf("look: %d", p.Status)
	}
	if got, want := ts.German(table+"/play", nil).Text(`[data-testid="last-move"]`), "Letzter Zug: Ida sieht sich den Hut auf Platz 3 an."; got != want {
		t.Errorf("last move %q, want %q", got, want)
	}
	if p := adhtest.Step(ts, table, "do=swap&a=1", map[string]string{"swap_b": "5"}); p.Status != http.StatusSeeOther {
		t.Fatalf("swap: %d", p.Status)
	}
	if p := adhtest.Step(ts, table, "do=swap&a=5", map[string]string{"swap_b": "1"}); p.Status != http.StatusSeeOther {
		t.Fatalf("swap back: %d", p.Status)
	}
	warned := ts.German(table+"/play", nil)
	if got := warned.Text(`[data-testid="swap-back-warning"]`); !strings.Contains(got, "Ida tauscht die Hüte auf den Plätzen 1 und 5 zurück, die Jan im Zug direkt davor getauscht hat") {
		t.Errorf("swap-back warning %q", got)
	}
	if got := warned.Text(`[data-testid="undo-step"]`); !strings.HasPrefix(got, "Rückgängig: ") {
		t.Errorf("undo button %q", got)
	}
}
