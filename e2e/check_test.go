//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// checkRoundOnAPhone names the players of the dispute check of game, then
// taps one round's cards on the round editor's pad (cards per player, as
// the pad's tokens) with the choice choice, and checks it; it returns the
// totals the result shows, by player.
func checkRoundOnAPhone(t *testing.T, ctx context.Context, base, game string, names []string, cards [][]string, choice string) map[string]string {
	t.Helper()
	acts := []chromedp.Action{
		chromedp.Navigate(base + "/check/" + game),
		chromedp.WaitVisible(`[data-testid="check-players"]`, chromedp.ByQuery),
	}
	for i, n := range names {
		acts = append(acts, chromedp.SendKeys(fmt.Sprintf(`#p%d-name`, i), n, chromedp.ByQuery))
	}
	acts = append(acts, tap(`[data-testid="start-rounds"]`), chromedp.WaitVisible(`[data-testid="submit-round"]`, chromedp.ByQuery))
	run(t, ctx, game+": who plays", acts...)
	measureFit(t, ctx, game+" round editor")
	acts = nil
	for i, n := range names {
		for _, sel := range tapCards(n, cards[i]...) {
			acts = append(acts, tap(sel))
		}
	}
	if choice != "" {
		acts = append(acts, tap(choice))
	}
	acts = append(acts, tap(`[data-testid="submit-round"]`), chromedp.WaitVisible(`[data-testid="next-round"]`, chromedp.ByQuery))
	run(t, ctx, game+": round 1 through the form", acts...)
	measureFit(t, ctx, game+" checked round")
	totals := map[string]string{}
	for _, n := range names {
		var v string
		run(t, ctx, game+": "+n+"'s total", chromedp.Text(fmt.Sprintf(`[data-player=%q] [data-testid="player-total"]`, n), &v, chromedp.ByQuery))
		totals[n] = strings.TrimSpace(v)
	}
	return totals
}

// measureFit fails the test when the page open at 390 px scrolls
// sideways or has a tap target under 44 px.
func measureFit(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	var got fitProblem
	run(t, ctx, "measure "+name, chromedp.Evaluate(fmt.Sprintf("%s(%d)", fitsScript, 390), &got))
	checkFits(t, name, 390, got)
}

// TestCheckRoundGamesOnAPhone: the dispute check of Cambio and of Kodiak
// is the game's round editor at 390×844: the players named, one round's
// cards tapped on the pad and how it ended chosen, the round checked with
// its totals and the next round one tap away; Kodiak's in German, its
// named cards German on the pad.
func TestCheckRoundGamesOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	// Cambio: Ana 7 + Red King (−2) + Swap (10), Ben 3 + 4 and calls with
	// the fewest (−5), Cy Peek Mine (10) + Blue King (13).
	got := checkRoundOnAPhone(t, ctx, base, "cambio", []string{"Ana", "Ben", "Cy"},
		[][]string{{"7", "red-king", "swap"}, {"3", "4"}, {"peek-mine", "blue-king"}}, `input[name="ended"][value="cambio:1"]`)
	if want := map[string]string{"Ana": "15", "Ben": "2", "Cy": "23"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Cambio totals %v, want %v", got, want)
	}
	var next string
	run(t, ctx, "Cambio: on to round 2",
		tap(`[data-testid="next-round"]`),
		chromedp.WaitVisible(`[data-testid="submit-round"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="submit-round"]`, &next, chromedp.ByQuery))
	if next != "Check round 2" {
		t.Errorf("round 2's button %q", next)
	}

	// Kodiak in German: Ana is Kodiak by the rotation (preselected) with
	// a Roter König and a 2, Ben has run out, Cy keeps a Blauer König.
	run(t, ctx, "German", chromedp.Navigate(base+"/lang?to=de&back=/"), chromedp.WaitReady("main", chromedp.ByQuery))
	got = checkRoundOnAPhone(t, ctx, base, "kodiak", []string{"Ana", "Ben", "Cy"},
		[][]string{{"roter-könig", "2"}, nil, {"blauer-könig"}}, "")
	if want := map[string]string{"Ana": "0", "Ben": "0", "Cy": "13"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Kodiak totals %v, want %v", got, want)
	}
	var main string
	run(t, ctx, "Kodiak's result in German", chromedp.Text("main", &main, chromedp.ByQuery))
	if !strings.Contains(main, "Runde 2 eintragen") || strings.Contains(main, "Red King") {
		t.Errorf("the German result:\n%s", main)
	}
}
