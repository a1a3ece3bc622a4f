package views

import (
	"context"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/views/i18n"
)

// TestVerdictSaysTheOpenTieBreakInTheReadersLanguage: the engine keeps its
// tie-break sentence as a phrase, so a German page says it in German with
// the names joined the German way and the points counted in German.
func TestVerdictSaysTheOpenTieBreakInTheReadersLanguage(t *testing.T) {
	r := scoring.NewResult("the-rune-market")
	r.Valid, r.GameOver, r.Winners = true, true, []string{"Ana", "Ben", "Cy"}
	r.SetTieBreak(scoring.Phrasef("%s tie on %s with equal boat shelters and bandits: enter the highest number card in hand for %s",
		[]string{"Ana", "Ben", "Cy"}, scoring.Points(1), []string{"Ben"}))
	for _, tc := range []struct {
		lang string
		want string
	}{
		{"en", "Ana, Ben and Cy tie on 1 point with equal boat shelters and bandits: enter the highest number card in hand for Ben"},
		{"de", "Ana, Ben und Cy liegen mit 1 Punkt gleichauf, bei gleich vielen Bootsunterständen und Banditen: Gib die höchste Zahlenkarte auf der Hand für Ben ein"},
	} {
		tag, _ := i18n.Parse(tc.lang)
		var b strings.Builder
		if err := Verdict(r).Render(i18n.With(context.Background(), tag, "/"), &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s: verdict %s\nwant %q", tc.lang, b.String(), tc.want)
		}
	}
}
