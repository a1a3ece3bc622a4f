//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/aufderhut"
	"tablemate/views"
)

// startTable opens the new-table form on the phone, picks the game and
// names the players, and ends on the table's empty page.
func startTable(t *testing.T, ctx context.Context, base, game string, names ...string) {
	t.Helper()
	acts := append(startTableActions(base, game, names...),
		tap(`[data-testid="enter-game"]`),
		chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery),
	)
	run(t, ctx, "start a "+game+" table", acts...)
}

// checkTotals compares the shown totals and winners with the engine's.
func checkTotals(t *testing.T, ctx context.Context, want scoringResult) {
	t.Helper()
	var verdict string
	run(t, ctx, "read the verdict", chromedp.Text(`[data-testid="winners"]`, &verdict, chromedp.ByQuery))
	if w := joinWinners(want.winners); !strings.Contains(verdict, w) {
		t.Errorf("verdict %q, want it to name %s", verdict, w)
	}
	for name, total := range want.totals {
		var got string
		run(t, ctx, "total of "+name, chromedp.Text(fmt.Sprintf(`[data-player=%q] [data-testid="player-total"]`, name), &got, chromedp.ByQuery))
		if got != views.Score(total) {
			t.Errorf("%s's total on the result page = %q, want %d", name, got, total)
		}
	}
}

// scoringResult is the part of an engine's result the pages show.
type scoringResult struct {
	totals  map[string]int
	winners []string
}

func joinWinners(ws []string) string {
	if len(ws) == 1 {
		return ws[0] + " wins"
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

func TestADHGameOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	names := []string{"Ida", "Jan", "Kim"}
	counts := []aufderhut.Player{
		{Name: "Ida", Characters: 6, Wonderhats: 2, BaldHeads: 3},
		{Name: "Jan", Characters: 5, Wonderhats: 1, BaldHeads: 4},
		{Name: "Kim", Characters: 3, Wonderhats: 1, BaldHeads: 2},
	}
	res := aufderhut.Score(aufderhut.State{Players: counts, Options: aufderhut.Options{Variant: aufderhut.Standard}})
	if !res.Valid {
		t.Fatalf("the test game is not valid: %+v", res.Violations)
	}
	want := scoringResult{totals: map[string]int{}, winners: res.Winners}
	for _, p := range res.Players {
		want.totals[p.Name] = p.Total
	}

	startTable(t, ctx, base, "auf-der-hut", names...)
	snapshot(t, ctx, "adh-entry-empty")
	for i, p := range counts {
		var acts []chromedp.Action
		for field, n := range map[string]int{"characters": p.Characters, "wonderhats": p.Wonderhats, "bald_heads": p.BaldHeads} {
			// One screen per table (issue #18): the count is typed in the
			// player's cell of the counter's row; a wrong number first,
			// cleared and typed again.
			sel := fmt.Sprintf(`#p%d-%s`, i, field)
			acts = append(acts, tap(sel), chromedp.SendKeys(sel, "9", chromedp.ByQuery),
				chromedp.SetValue(sel, "", chromedp.ByQuery), chromedp.SendKeys(sel, strconv.Itoa(n), chromedp.ByQuery))
		}
		run(t, ctx, "enter "+p.Name, acts...)
		for field, n := range map[string]int{"characters": p.Characters, "wonderhats": p.Wonderhats, "bald_heads": p.BaldHeads} {
			var got string
			run(t, ctx, "read "+field, chromedp.Value(fmt.Sprintf(`#p%d-%s`, i, field), &got, chromedp.ByQuery))
			if got != strconv.Itoa(n) {
				t.Fatalf("%s %s: the field shows %q, want %d", p.Name, field, got, n)
			}
		}
	}
	snapshot(t, ctx, "adh-entry-filled")
	run(t, ctx, "submit the game",
		tap(`[data-testid="submit-scores"]`),
		chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
	)
	snapshot(t, ctx, "adh-result")
	checkTotals(t, ctx, want)
	var covering string
	run(t, ctx, "covering", chromedp.Text(`[data-player="Jan"] [data-testid="adh-covering-text"]`, &covering, chromedp.ByQuery))
	c := aufderhut.Cover(counts[1])
	if !strings.Contains(covering, fmt.Sprintf("%d keep their hat", c.WithHat)) {
		t.Errorf("Jan's covering says %q, want %d keeping their hat", covering, c.WithHat)
	}

	var leader string
	run(t, ctx, "table page",
		tap(`a.btn-primary[href^="/tables/"]`),
		chromedp.WaitVisible(`[data-testid="standings"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="leader"]`, &leader, chromedp.ByQuery),
	)
	snapshot(t, ctx, "adh-table")
	if !strings.Contains(leader, res.Winners[0]+" leads") {
		t.Errorf("leader banner %q, want %s leads", leader, res.Winners[0])
	}
	for name, total := range want.totals {
		var got string
		run(t, ctx, "standing of "+name, chromedp.Text(fmt.Sprintf(`tr[data-player=%q] [data-testid="total"]`, name), &got, chromedp.ByQuery))
		if got != views.Score(total) {
			t.Errorf("%s's running total = %q, want %d", name, got, total)
		}
	}
}
