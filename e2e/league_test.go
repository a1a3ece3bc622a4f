//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// startKKSTable starts a KKS table through the form and enters one game
// with the given displays typed into the stack fields.
func startKKSTable(t *testing.T, ctx context.Context, base string, players []string, displays []map[string]string, tokens []int) string {
	t.Helper()
	acts := []chromedp.Action{
		chromedp.Navigate(base + "/tables/new"),
		chromedp.SetValue(`#game`, "koffer-katze-sombrero", chromedp.ByQuery),
	}
	for i, p := range players {
		acts = append(acts, chromedp.SendKeys(fmt.Sprintf(`#player-%d`, i), p, chromedp.ByQuery))
	}
	var url string
	acts = append(acts, tap(`[data-testid="create-table"]`), chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
		chromedp.Location(&url), tap(`[data-testid="enter-game"]`), chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery), scriptsRan())
	for i, d := range displays {
		for colour, stack := range d {
			acts = append(acts, chromedp.SetValue(fmt.Sprintf(`#p%d-%s`, i, colour), stack, chromedp.ByQuery))
		}
		acts = append(acts, chromedp.SetValue(fmt.Sprintf(`#p%d-tokens`, i), fmt.Sprint(tokens[i]), chromedp.ByQuery))
	}
	acts = append(acts, tap(`[data-testid="submit-scores"]`), chromedp.WaitVisible(`[data-testid="verdict"][data-valid="true"]`, chromedp.ByQuery))
	run(t, ctx, "table of "+strings.Join(players, ", "), acts...)
	return url
}

func TestLeagueStandingsOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	var admin string
	run(t, ctx, "start a league",
		chromedp.Navigate(base+"/"),
		tap(`a[href="/leagues/new"]`),
		chromedp.WaitVisible(`#league-name`, chromedp.ByQuery),
		chromedp.SendKeys(`#league-name`, "Thursday club", chromedp.ByQuery),
		chromedp.SetValue(`#points`, "3/1/0", chromedp.ByQuery),
		chromedp.SendKeys(`#members`, "Amelia\nVictor\nEnrique", chromedp.ByQuery),
		tap(`[data-testid="create-league"]`),
		chromedp.WaitVisible(`[data-testid="no-league-games"]`, chromedp.ByQuery),
		chromedp.Location(&admin),
	)
	// Two evenings: Amelia wins the first, Victor the second (KKS-3 full displays).
	startKKSTable(t, ctx, base, []string{"Amelia", "Victor"}, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []int{3, 1})
	startKKSTable(t, ctx, base, []string{"Enrique", "Amelia", "Victor"}, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "blue": "3 4"},
		{"black": "1 2 3 4 5 6 7 8 9 10", "blue": "5 6"},
	}, []int{0, 0, 0})
	run(t, ctx, "count both tables",
		chromedp.Navigate(admin),
		tap(`button[name="pick"]`),
		chromedp.WaitVisible(`[data-testid="standings"]`, chromedp.ByQuery),
		tap(`button[name="pick"]`),
	)
	// The second table's page has loaded whole (read by polling, which
	// rides out the navigation: a node found while the page was still
	// loading is gone once it has).
	waitTrue(t, ctx, "both tables counted", `document.readyState === "complete" && !document.querySelector('button[name="pick"]') && !!document.querySelector('[data-testid="standings"] tr[data-player="Enrique"]')`)
	snapshot(t, ctx, "league")
	// Placing 3/1/0: Amelia 3 + 1, Victor 1 + 3, Enrique 0.
	for player, want := range map[string]string{"Amelia": "4", "Victor": "4", "Enrique": "0"} {
		var got string
		sel := fmt.Sprintf(`[data-testid="standings"] tr[data-player=%q] [data-testid="points"]`, player)
		run(t, ctx, "points of "+player, chromedp.Evaluate(fmt.Sprintf(`(document.querySelector(%q) || {innerText: ""}).innerText.trim()`, sel), &got))
		if got != want {
			t.Errorf("%s: %q points, want %s", player, got, want)
		}
	}
	var public, h2h string
	run(t, ctx, "public standings and head to head",
		chromedp.Value(`[data-testid="public-link"]`, &public, chromedp.ByQuery),
	)
	run(t, ctx, "open the public link",
		chromedp.Navigate(public),
		chromedp.WaitVisible(`[data-testid="standings"]`, chromedp.ByQuery),
		chromedp.SetValue(`#h2h-a`, "Amelia", chromedp.ByQuery),
		chromedp.SetValue(`#h2h-b`, "Victor", chromedp.ByQuery),
		tap(`form[method="get"] button`),
		chromedp.WaitVisible(`[data-testid="h2h"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="h2h"]`, &h2h, chromedp.ByQuery),
	)
	if !strings.Contains(h2h, "ahead of Victor 1 time, behind 1 time") {
		t.Errorf("head to head: %q", h2h)
	}
}
