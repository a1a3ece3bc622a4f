//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// enterGame fills the KKS editor's text boxes directly (the tap pad is
// tested in kks_test.go) and submits it.
func enterGame(displays []map[string]string, tokens []int) []chromedp.Action {
	acts := []chromedp.Action{scriptsRan()}
	for i, d := range displays {
		for colour, v := range d {
			acts = append(acts, chromedp.SetValue(fmt.Sprintf(`#p%d-%s`, i, colour), v, chromedp.ByQuery))
		}
		acts = append(acts, chromedp.SetValue(fmt.Sprintf(`#p%d-tokens`, i), fmt.Sprint(tokens[i]), chromedp.ByQuery))
	}
	// The games these tests enter break rules on purpose (two-player
	// tables with the rule text's 12-card display): the first tap shows
	// what is wrong, "Save as disputed" saves it (issue #18).
	return append(acts,
		tap(`[data-testid="submit-scores"]`),
		chromedp.WaitVisible(`[data-testid="verdict"], [data-testid="save-disputed"]`, chromedp.ByQuery),
		chromedp.ActionFunc(func(ctx context.Context) error {
			var held bool
			if err := chromedp.Evaluate(`!!document.querySelector('[data-testid="save-disputed"]')`, &held).Do(ctx); err != nil || !held {
				return err
			}
			return chromedp.Run(ctx, tap(`[data-testid="save-disputed"]`))
		}),
		chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
	)
}

// countAsEntered counts the disputed game whose page is open as it was
// entered (ruling G-5).
func countAsEntered() []chromedp.Action {
	return []chromedp.Action{tap(`[data-testid="settle"]`), chromedp.WaitVisible(`[data-testid="verdict"][data-settled="true"]`, chromedp.ByQuery)}
}

func newTable(base, name string, players ...string) []chromedp.Action {
	acts := []chromedp.Action{
		chromedp.Navigate(base + "/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, "koffer-katze-sombrero", chromedp.ByQuery),
		chromedp.SendKeys(`#name`, name, chromedp.ByQuery),
	}
	for i, p := range players {
		acts = append(acts, chromedp.SendKeys(fmt.Sprintf(`#player-%d`, i), p, chromedp.ByQuery))
	}
	return append(acts, tap(`[data-testid="create-table"]`), chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery))
}

func TestHistoryAndReplayOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)

	ana := map[string]string{"red": "1 5 7", "yellow": "6 10 x", "black": "4 6 x 5", "blue": "4 9"}
	ben := map[string]string{"red": "2 3", "blue": "8"}
	run(t, ctx, "another table first", newTable(base, "Tuesday", "Cy", "Dee")...)
	run(t, ctx, "start the evening", newTable(base, "Friday", "Ana", "Ben")...)
	run(t, ctx, "game 1", append([]chromedp.Action{tap(`[data-testid="enter-game"]`), chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery)},
		enterGame([]map[string]string{ana, ben}, []int{3, 7})...)...)
	// Correct game 1 so its replay has two steps.
	run(t, ctx, "correct game 1", append([]chromedp.Action{tap(`a[href$="/games/1/edit"]`), chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery)},
		enterGame([]map[string]string{ana, {"red": "2 3 9", "blue": "8"}}, []int{3, 7})...)...)
	// Both games break KKS-3 (12 cards, not 17): disputed, they count
	// once the table counts them as entered (ruling G-5).
	run(t, ctx, "count game 1 as entered", countAsEntered()...)
	run(t, ctx, "game 2", append([]chromedp.Action{
		tap(`a.btn-primary[href^="/tables/"]`), tap(`[data-testid="enter-game"]`),
		chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery)},
		enterGame([]map[string]string{ben, ana}, []int{0, 0})...)...)
	run(t, ctx, "count game 2 as entered", countAsEntered()...)

	var count, width string
	var rows int
	run(t, ctx, "open the history from the top bar",
		tap(`[data-testid="nav-history"]`),
		chromedp.WaitVisible(`[data-testid="history"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('[data-testid="history"] li').length`, &rows),
		chromedp.Evaluate(`String(document.documentElement.scrollWidth)`, &width),
	)
	snapshot(t, ctx, "history")
	if rows != 2 {
		t.Errorf("history lists %d tables, want 2", rows)
	}
	if width != "390" {
		t.Errorf("the history page is %spx wide on a 390px phone", width)
	}
	var leader string
	run(t, ctx, "filter by player",
		chromedp.SendKeys(`#history-player`, "ben", chromedp.ByQuery),
		tap(`[data-testid="history-apply"]`))
	// Wait for the filtered page itself: the old page has a count too.
	waitTrue(t, ctx, "filtered page", `location.search.includes("player=ben") && document.readyState === "complete"`)
	run(t, ctx, "read the filtered page",
		chromedp.WaitVisible(`[data-testid="history-count"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="history-count"]`, &count, chromedp.ByQuery),
		chromedp.Text(`[data-testid="history-leader"]`, &leader, chromedp.ByQuery),
	)
	if count != "1 table" || !strings.Contains(leader, "leads") {
		t.Errorf("filtered history: %q, leader %q", count, leader)
	}
	var chartTitle string
	run(t, ctx, "open the table",
		tap(`[data-testid="history"] li a`),
		chromedp.WaitVisible(`[data-testid="standings"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="totals-chart"] figcaption .muted`, &chartTitle, chromedp.ByQuery),
	)
	snapshot(t, ctx, "history-table-chart")
	if chartTitle != "Running totals after 2 games" {
		t.Errorf("line chart title %q", chartTitle)
	}
	var step, event string
	run(t, ctx, "replay game 1",
		tap(`[data-testid="games"] a[href$="/games/1"]`),
		tap(`[data-testid="replay"]`),
		chromedp.WaitVisible(`[data-testid="step-counter"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="step-counter"]`, &step, chromedp.ByQuery),
		chromedp.Text(`[data-testid="replay-event"]`, &event, chromedp.ByQuery),
	)
	snapshot(t, ctx, "replay-step-1")
	if step != "Step 1 of 3" || !strings.Contains(event, "Game 1 entered: Ana 58") {
		t.Errorf("replay step 1: %q, %q", step, event)
	}
	run(t, ctx, "step forward",
		tap(`[data-testid="replay-next"]`),
		chromedp.WaitVisible(`[data-testid="replay-prev"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="step-counter"]`, &step, chromedp.ByQuery),
		chromedp.Text(`[data-testid="replay-event"]`, &event, chromedp.ByQuery),
	)
	if step != "Step 2 of 3" || !strings.Contains(event, "Game 1 corrected") {
		t.Errorf("replay step 2: %q, %q", step, event)
	}
	run(t, ctx, "step back",
		tap(`[data-testid="replay-prev"]`),
		chromedp.WaitVisible(`[data-testid="replay-next"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="step-counter"]`, &step, chromedp.ByQuery),
	)
	if step != "Step 1 of 3" {
		t.Errorf("back at %q", step)
	}
}
