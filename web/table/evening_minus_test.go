package table_test

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// A negative score reads as the totals do, with the real minus sign, in
// the standing's game cells as in its total, and its bar is drawn left of
// a zero line rather than not at all.
func TestEveningWritesNegativeScores(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	table := ts.NewTable("another-game", "", "Ana", "Ben", "Cy")
	ts.SheetRound(t, table, map[string]string{"name": "Skat", "players[0].points": "10", "players[1].points": "-4", "players[2].points": "3", "last": "1"})
	page := ts.Get(table)
	row := page.Doc.Find(`[data-testid="standings"] tbody tr[data-player="Ben"]`)
	if got := strings.TrimSpace(row.Find(`[data-testid="total"]`).Text()); got != "−4" {
		t.Errorf("Ben's total reads %q, want −4", got)
	}
	var cells []string
	row.Find(`td.small`).Each(func(_ int, s *goquery.Selection) { cells = append(cells, strings.TrimSpace(s.Text())) })
	if len(cells) != 1 || cells[0] != "−4" {
		t.Errorf("Ben's game cells read %q, want [−4]", cells)
	}
	chart := page.Doc.Find(`[data-testid="chart"]`)
	if chart.Find(`line.axis`).Length() != 1 {
		t.Errorf("the chart of a standing with a negative total has no zero line (%d charts)", chart.Length())
	}
	var widths []string
	chart.Find(`rect.bar`).Each(func(_ int, s *goquery.Selection) { widths = append(widths, s.AttrOr("width", "")) })
	for i, w := range widths {
		if w == "0" || w == "" {
			t.Errorf("bar %d is drawn %q px wide: every non-zero total has a bar (%v)", i, w, widths)
		}
	}
}
