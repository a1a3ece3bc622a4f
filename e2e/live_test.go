//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Two phones at one table: what one enters appears on the other's table
// page without a reload.
func TestTwoPhonesSeeTheSameTable(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	host, guest := phone(t), phone(t)

	var tableURL string
	run(t, host, "start a table",
		chromedp.Navigate(base+"/tables/new"),
		chromedp.SetValue(`#game`, "koffer-katze-sombrero", chromedp.ByQuery),
		chromedp.SendKeys(`#player-0`, "Amelia", chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, "Victor", chromedp.ByQuery),
		chromedp.SendKeys(`#player-2`, "Enrique", chromedp.ByQuery),
		tap(`[data-testid="create-table"]`),
		chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
		chromedp.Location(&tableURL),
	)
	var marker bool
	run(t, guest, "guest opens the table",
		chromedp.Navigate(tableURL),
		chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
		chromedp.Evaluate(`window.sameDocument = true`, nil),
		chromedp.Sleep(300*time.Millisecond), // let the event stream connect
	)

	acts := []chromedp.Action{tap(`[data-testid="enter-game"]`), chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery)}
	for i, p := range kksGame {
		for colour, stack := range p.display {
			acts = append(acts, chromedp.SetValue(fmt.Sprintf(`#p%d-%s`, i, colour), stack, chromedp.ByQuery))
		}
		acts = append(acts, chromedp.SetValue(fmt.Sprintf(`#p%d-tokens`, i), fmt.Sprint(p.tokens), chromedp.ByQuery))
	}
	acts = append(acts, tap(`[data-testid="submit-scores"]`), chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery))
	run(t, host, "host enters game 1", acts...)

	var leader, total string
	run(t, guest, "guest sees it without reloading",
		chromedp.WaitVisible(`[data-testid="leader"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="leader"]`, &leader, chromedp.ByQuery),
		chromedp.Text(`tr[data-player="Enrique"] [data-testid="total"]`, &total, chromedp.ByQuery),
		chromedp.Evaluate(`window.sameDocument === true`, &marker),
	)
	if !strings.Contains(leader, "Amelia leads") || total != "58" {
		t.Errorf("guest's page shows %q and Enrique %q, want Amelia leading and 58", leader, total)
	}
	if !marker {
		t.Error("the guest's page was reloaded instead of updated in place")
	}
}
