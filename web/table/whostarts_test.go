package table_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestSetupSaysWhoStartsAndWhy: the set-up pages of KKS and Auf der Hut
// played along name who takes the first turn and why — the player the
// table chose on "Who starts?" by the game's rule, or, when nobody was
// chosen, the first seat — in English and German.
func TestSetupSaysWhoStartsAndWhy(t *testing.T) {
	ts := newTestServer(t)
	table := func(game, first string) string {
		f := ts.Get("/tables/new").FormOf(t, "/tables")
		f.Set("game", game)
		f["players"] = []string{"Ana", "Ben", "Cy"}
		if first != "" {
			f.Set("first", first)
		} else {
			f.Del("first")
		}
		p := ts.Post("/tables", f)
		if p.Status != http.StatusSeeOther {
			t.Fatalf("create %s: %d %s", game, p.Status, p.Text(".field-error"))
		}
		return p.Header.Get("Location")
	}
	for _, c := range []struct {
		game, first, en, de string
	}{
		{"koffer-katze-sombrero", "1", "Ben starts. The table chose them by the rule: Whoever has the largest suitcase at home starts.",
			"Ben beginnt. Der Tisch hat nach der Regel gewählt: Wer zu Hause den größten Koffer hat, beginnt."},
		{"auf-der-hut", "2", "Cy starts. The table chose them by the rule: The player who last wore a hat begins.",
			"Cy beginnt. Der Tisch hat nach der Regel gewählt: Wer zuletzt einen Hut getragen hat, beginnt."},
		{"auf-der-hut", "", "Ana starts. Nobody was chosen, so the first seat starts. The rule: The player who last wore a hat begins.",
			"Ana beginnt. Niemand wurde gewählt, also beginnt der erste Platz. Die Regel: Wer zuletzt einen Hut getragen hat, beginnt."},
	} {
		tb := table(c.game, c.first)
		for lang, want := range map[string]string{"en": c.en, "de": c.de} {
			p := ts.GetLang(tb+"/play", lang)
			if got := strings.Join(strings.Fields(p.Text(`[data-testid="who-starts-why"]`)), " "); got != want {
				t.Errorf("%s (first %q, %s): %q, want %q", c.game, c.first, lang, got, want)
			}
		}
	}
}
