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
	t.Parallel()
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
	run(t, ctx, "a league, and its import page", leagueImportPage(base, "Holiday league", "Amelia")...)
	audit(t, ctx, "import plays")
	var preview string
	run(t, ctx, "upload the BG Stats file: first what it would import",
		chromedp.SetUploadFiles(`#plays-file`, []string{file}, chromedp.ByQuery),
		tap(`[data-testid="import-plays"]`),
		chromedp.WaitVisible(`[data-testid="plays-preview"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="plays-to-import"]`, &preview, chromedp.ByQuery),
	)
	if !strings.Contains(preview, "1 game to import") || !strings.Contains(preview, "Nothing is imported until you say so") {
		t.Errorf("the preview says %q", preview)
	}
	// Its tables (not links yet) are laid out as the report's: the name,
	// and the game beside it, not run together.
	var apart bool
	run(t, ctx, "the preview's tables",
		chromedp.Evaluate(`(() => { const i = document.querySelector('#plays-preview [data-testid="plays-tables"] .item');
			return !!i && getComputedStyle(i).display === "flex" && i.children.length === 2 &&
				i.children[1].getBoundingClientRect().left >= i.children[0].getBoundingClientRect().right; })()`, &apart))
	if !apart {
		t.Error("the preview's table line runs its name and game together")
	}
	audit(t, ctx, "plays preview")
	pageFits(t, ctx, "plays preview")
	run(t, ctx, "import it",
		tap(`[data-testid="import-confirm"]`),
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

// leagueImportPage makes a league of members (as typed in its form) and
// opens its import of plays.
func leagueImportPage(base, name, members string) []chromedp.Action {
	return []chromedp.Action{
		chromedp.Navigate(base + "/leagues/new"),
		chromedp.WaitVisible(`#league-name`, chromedp.ByQuery),
		chromedp.SendKeys(`#league-name`, name, chromedp.ByQuery),
		chromedp.SendKeys(`#members`, members, chromedp.ByQuery),
		tap(`[data-testid="create-league"]`),
		chromedp.WaitVisible(`[data-testid="no-league-games"]`, chromedp.ByQuery),
		tap(`[data-testid="league-import-plays"]`),
		chromedp.WaitVisible(`[data-testid="import-plays"]`, chromedp.ByQuery),
	}
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

// TestOtherGamesFromBoardGameGeekOnAPhone: BoardGameGeek plays of a game
// that is not one of the seven come into a league as that game's score
// sheet on a 360 px phone — after a file that is no play file was
// refused in place and a preview was set aside for another file, which
// writes nothing: the report names the table after the game, a
// long title is cut to fit and nothing scrolls sideways, the table shows
// the sheet's name and its winner, and the unfinished play is listed with
// the reason.
func TestOtherGamesFromBoardGameGeekOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	atSize(t, ctx, 360, 740)
	file := filepath.Join(t.TempDir(), "plays.xml")
	xml := `<plays username="ana" userid="1" total="2" page="1">
 <play id="901" date="2024-06-01" quantity="1" length="480" incomplete="0" nowinstats="0" location="Ana's">
  <item name="Twilight Imperium: Fourth Edition – Prophecy of Kings" objecttype="thing" objectid="314"/>
  <players><player name="Ana" score="10" win="1"/><player name="Ben" score="8" win="0"/><player name="Cy" score="7" win="0"/></players>
 </play>
 <play id="902" date="2024-06-01" quantity="1" length="30" incomplete="1" nowinstats="0" location="">
  <item name="Catan" objecttype="thing" objectid="13"/>
  <players><player name="Ana" score="10" win="1"/><player name="Ben" score="8" win="0"/></players>
 </play>
</plays>`
	if err := os.WriteFile(file, []byte(xml), 0o644); err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(t.TempDir(), "notes.xml")
	if err := os.WriteFile(wrong, []byte("shopping list"), 0o644); err != nil {
		t.Fatal(err)
	}
	var report, tables, skipped, heading, winner string
	run(t, ctx, "a league, and its import page", leagueImportPage(base, "Game club", "Ana, Ben")...)
	run(t, ctx, "a wrong file, another, the right one",
		// A wrong file first: its preview, then another file.
		chromedp.SetUploadFiles(`#plays-file`, []string{wrong}, chromedp.ByQuery),
		tap(`[data-testid="import-plays"]`),
		chromedp.WaitVisible(`[data-testid="import-error"]`, chromedp.ByQuery),
		chromedp.SetUploadFiles(`#plays-file`, []string{file}, chromedp.ByQuery),
		tap(`[data-testid="import-plays"]`),
		chromedp.WaitVisible(`[data-testid="plays-preview"]`, chromedp.ByQuery),
		tap(`[data-testid="import-another"]`),
		chromedp.WaitVisible(`[data-testid="import-plays"]`, chromedp.ByQuery),
		chromedp.WaitNotPresent(`[data-testid="plays-preview"]`, chromedp.ByQuery),
		chromedp.SetUploadFiles(`#plays-file`, []string{file}, chromedp.ByQuery),
		tap(`[data-testid="import-plays"]`),
		chromedp.WaitVisible(`[data-testid="import-confirm"]`, chromedp.ByQuery),
		tap(`[data-testid="import-confirm"]`),
		chromedp.WaitVisible(`[data-testid="plays-imported"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="plays-imported"]`, &report, chromedp.ByQuery),
		chromedp.Text(`[data-testid="plays-tables"]`, &tables, chromedp.ByQuery),
		chromedp.Text(`[data-testid="plays-skipped"]`, &skipped, chromedp.ByQuery),
	)
	if !strings.Contains(report, "1 game imported") || !strings.Contains(tables, "Twilight Imperium: Fourth Edition – Pro…, 2024-06-01") {
		t.Errorf("the report says %q, the tables %q", report, tables)
	}
	if !strings.Contains(skipped, "Catan") || !strings.Contains(skipped, "the play was not finished") {
		t.Errorf("left out: %q", skipped)
	}
	pageFits(t, ctx, "other games imported")
	audit(t, ctx, "other games imported")
	run(t, ctx, "the sheet's table and its game",
		tap(`[data-testid="plays-tables"] a`),
		chromedp.WaitVisible(`[data-testid="imported-badge"]`, chromedp.ByQuery),
		tap(`a[href$="/games/1"]`),
		chromedp.WaitVisible(`[data-testid="imported"]`, chromedp.ByQuery),
		chromedp.Text(`h1`, &heading, chromedp.ByQuery),
		chromedp.Evaluate(`(document.querySelector('[data-testid="ranking"] li, [data-testid="winners"]')||{}).textContent||""`, &winner),
	)
	if !strings.Contains(heading, "Twilight Imperium") || !strings.Contains(winner, "Ana") {
		t.Errorf("the game page is headed %q, its winner %q", heading, winner)
	}
	pageFits(t, ctx, "an imported sheet")
	audit(t, ctx, "an imported sheet")
	snapshot(t, ctx, "imported-sheet")
}
