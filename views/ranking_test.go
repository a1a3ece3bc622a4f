package views

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/views/i18n"
)

// TestTrophySaysWhoWon: a winner's trophy in the ranking says so to a
// screen reader in the reader's language, in a word the glossary allows:
// "1. winner Amelia 86", "1. Pokal Amelia 86" (never Sieger or Gewinner,
// and not "Sieg Amelia", a victory named before a name).
func TestTrophySaysWhoWon(t *testing.T) {
	rows := []RankRow{{Place: 1, Name: "Amelia", Total: 86, Winner: true}, {Place: 2, Name: "Victor", Total: 70}}
	for lang, want := range map[string]string{"en": "winner", "de": "Pokal"} {
		tag, _ := i18n.Parse(lang)
		var buf bytes.Buffer
		if err := Ranking(rows).Render(i18n.With(context.Background(), tag, "/"), &buf); err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(&buf)
		if err != nil {
			t.Fatal(err)
		}
		trophies := doc.Find("img.trophy")
		if alt, _ := trophies.Attr("alt"); trophies.Length() != 1 || alt != want {
			t.Errorf("%s: %d trophies, alt %q, want one saying %q", lang, trophies.Length(), alt, want)
		}
		if said := strings.Join(strings.Fields(doc.Find(`[data-player="Amelia"]`).Text()), " "); !strings.Contains(said, "Amelia 86") {
			t.Errorf("%s: the winner's row reads %q", lang, said)
		}
	}
}
