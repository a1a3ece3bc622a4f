package views_test

// The shared result components say the games' sentences: the games'
// German joins the catalog through the registry (web/games), so these
// tests run from outside the package with it linked in.

import (
	"context"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/views"
	"tablemate/views/i18n"
	_ "tablemate/web/games" // every game's German
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
		if err := views.Verdict(r, false).Render(i18n.With(context.Background(), tag, "/"), &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s: verdict %s\nwant %q", tc.lang, b.String(), tc.want)
		}
	}
}

// TestBreakdownSaysScoreLinesInTheReadersLanguage: score lines with
// numbers in them (counts, card sums, nested round names) read German.
func TestBreakdownSaysScoreLinesInTheReadersLanguage(t *testing.T) {
	kodiak := scoring.Linef(10, "%s (%s)", scoring.Phrasef("%s: %s kept", scoring.Phrasef("round %d (Kodiak)", 2),
		scoring.Count(1, "1 hairball", "%d hairballs")), "+10")
	cards := scoring.Linef(12, "%s: %s", scoring.Phrasef("round %d", 3), scoring.Phrasef("%s", scoring.Terms{5, scoring.Phrasef("hairball 0"), 7}))
	kks := scoring.Linef(-3, "%s face-down", scoring.Phrasef("red")) // a colour is a catalog word (kks.Colour.Word)
	p := scoring.PlayerResult{Name: "Ana", Total: 19, Breakdown: []scoring.Line{kodiak, cards, kks}}
	for _, tc := range []struct {
		lang string
		want []string
	}{
		{"en", []string{"round 2 (Kodiak): 1 hairball kept (+10)", "round 3: 5 + hairball 0 + 7", "red face-down"}},
		{"de", []string{"Runde 2 (Kodiak): 1 Haarball behalten (+10)", "Runde 3: 5 + Haarball 0 + 7", "Rot verdeckt"}},
	} {
		tag, _ := i18n.Parse(tc.lang)
		var b strings.Builder
		if err := views.Breakdown(p).Render(i18n.With(context.Background(), tag, "/"), &b); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: breakdown lacks %q:\n%s", tc.lang, w, b.String())
			}
		}
	}
}
