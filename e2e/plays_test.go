//go:build e2e

package e2e

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPlaysFromBGStatsOnAPhone: a table's games downloaded as a BG Stats
// file are uploaded into another league from its admin page on a phone;
// the page says what became of each play, the new table marks the game as
// imported, not checked by the rules, and the upload page, the report and
// the game page pass axe and do not scroll sideways at 390 px.
func TestPlaysFromBGStatsOnAPhone(t *testing.T) {
	base := startServer(t)
	ctx := phone(t)
	table := startKKSTable(t, ctx, base, []string{"Amelia", "Victor"}, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []int{3, 1})
	res, err := http.Get(table + "/export.bgsplay")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("Content-Disposition"), ".bgsplay") {
		t.Fatalf("export: %d %q", res.StatusCode, res.Header.Get("Content-Disposition"))
	}
	file := filepath.Join(t.TempDir(), "plays.bgsplay")
	if err := os.WriteFile(file, body, 0o644); err != nil {
		t.Fatal(err)
	}

	var report, badge, banner string
	run(t, ctx, "a league, and its import page",
		chromedp.Navigate(base+"/leagues/new"),
		chromedp.WaitVisible(`#league-name`, chromedp.ByQuery),
		chromedp.SendKeys(`#league-name`, "Holiday league", chromedp.ByQuery),
		chromedp.SendKeys(`#members`, "Amelia", chromedp.ByQuery),
		tap(`[data-testid="create-league"]`),
		chromedp.WaitVisible(`[data-testid="no-league-games"]`, chromedp.ByQuery),
		tap(`[data-testid="league-import-plays"]`),
		chromedp.WaitVisible(`[data-testid="import-plays"]`, chromedp.ByQuery),
	)
	audit(t, ctx, "import plays")
	run(t, ctx, "upload the BG Stats file",
		chromedp.SetUploadFiles(`#plays-file`, []string{file}, chromedp.ByQuery),
		tap(`[data-testid="import-plays"]`),
		chromedp.WaitVisible(`[data-testid="plays-imported"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="plays-imported"]`, &report, chromedp.ByQuery),
	)
	if !strings.Contains(report, "1 game imported") || !strings.Contains(report, "from BG Stats, on 1 new table") {
		t.Errorf("the report says %q", report)
	}
	audit(t, ctx, "plays imported")
	pageFits(t, ctx, "plays imported")
	snapshot(t, ctx, "plays-imported")
	run(t, ctx, "the new table and its game",
		tap(`[data-testid="plays-tables"] a`),
		chromedp.WaitVisible(`[data-testid="imported-badge"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="imported-badge"]`, &badge, chromedp.ByQuery),
		tap(`a[href$="/games/1"]`),
		chromedp.WaitVisible(`[data-testid="imported"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="imported"]`, &banner, chromedp.ByQuery),
	)
	if badge != "imported, not checked" || !strings.Contains(banner, "Imported, not checked by the rules") || !strings.Contains(banner, "From BG Stats") {
		t.Errorf("the games table says %q, the game page %q", badge, banner)
	}
	audit(t, ctx, "imported game")
	pageFits(t, ctx, "imported game")
}

// pageFits fails the test when the page open scrolls sideways.
func pageFits(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	var ok bool
	run(t, ctx, name+": page width", chromedp.Evaluate(`document.documentElement.scrollWidth <= window.innerWidth`, &ok))
	if !ok {
		t.Errorf("%s scrolls sideways", name)
	}
}
