//go:build e2e

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/kociaki"
)

func TestKocGameOnAPhone(t *testing.T) {
	base := startServer(t)
	ctx := phone(t)
	names := []string{"Ana", "Ben", "Cy"}
	// Per player, toy → chips in the order they are tapped.
	chips := []map[int][]int{
		{1: {2, 3}, 3: {2}, 5: {2, 2, 3}},
		{1: {2}, 2: {3, 3}, 4: {2, 3}},
		{2: {2}, 6: {2, 2}, 7: {2}},
	}
	st := kociaki.State{Options: kociaki.Options{Variant: kociaki.Experienced, AllTypesBonus: kociaki.Instead}}
	for i, toys := range chips {
		p := kociaki.Player{Name: names[i], Chips: map[string][]int{}}
		for toy, c := range toys {
			p.Chips[strconv.Itoa(toy)] = c
		}
		st.Players = append(st.Players, p)
	}
	res := kociaki.Score(st)
	if !res.Valid || len(res.Winners) != 1 {
		t.Fatalf("the test game: %+v", res)
	}
	want := scoringResult{totals: map[string]int{}, winners: res.Winners}
	for _, p := range res.Players {
		want.totals[p.Name] = p.Total
	}

	startTable(t, ctx, base, "kociaki-lobuziaki", names...)
	snapshot(t, ctx, "koc-entry-empty")
	for i, toys := range chips {
		var acts []chromedp.Action
		for toy, values := range toys {
			row := fmt.Sprintf(`fieldset[data-player=%q] .koc-toy[data-toy="%d"] `, names[i], toy)
			// A wrong chip first, taken back with ⌫.
			acts = append(acts, tap(row+`button[data-chip="4"]`), tap(row+`button[data-action="back"]`))
			for _, v := range values {
				acts = append(acts, tap(row+fmt.Sprintf(`button[data-chip="%d"]`, v)))
			}
		}
		run(t, ctx, "enter "+names[i], acts...)
		for toy, values := range toys {
			var got string
			run(t, ctx, "read a toy", chromedp.Value(fmt.Sprintf(`#p%d-toy%d`, i, toy), &got, chromedp.ByQuery))
			if want := strings.Trim(fmt.Sprint(values), "[]"); got != want {
				t.Fatalf("%s toy %d: the taps entered %q, want %q", names[i], toy, got, want)
			}
		}
	}
	// The pile hints follow the taps (3 players: one chip removed per pile).
	piles, err := kociaki.PilesLeft(3, map[int][]int{1: {2, 3, 2}, 5: {2, 2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	for _, toy := range []int{1, 5} {
		var got string
		run(t, ctx, "pile hint", chromedp.Text(fmt.Sprintf(`fieldset[data-player="Cy"] [data-next="%d"]`, toy), &got, chromedp.ByQuery))
		next := strings.ReplaceAll(strings.Trim(fmt.Sprint(piles[toy-1].Next), "[]"), " ", " or ")
		if !strings.Contains(got, "next "+next) {
			t.Errorf("toy %d hint %q, want next %s", toy, got, next)
		}
	}
	snapshot(t, ctx, "koc-entry-filled")
	run(t, ctx, "submit the game",
		tap(`input[name="options.variant"][value="experienced"]`),
		tap(`[data-testid="submit-scores"]`),
		chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
	)
	snapshot(t, ctx, "koc-result")
	checkTotals(t, ctx, want)

	var leader string
	run(t, ctx, "table page",
		tap(`a.btn-primary[href^="/tables/"]`),
		chromedp.WaitVisible(`[data-testid="standings"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="leader"]`, &leader, chromedp.ByQuery),
	)
	if !strings.Contains(leader, res.Winners[0]+" leads") {
		t.Errorf("leader banner %q, want %s leads", leader, res.Winners[0])
	}
	for name, total := range want.totals {
		var got string
		run(t, ctx, "standing of "+name, chromedp.Text(fmt.Sprintf(`tr[data-player=%q] [data-testid="total"]`, name), &got, chromedp.ByQuery))
		if got != strconv.Itoa(total) {
			t.Errorf("%s's running total = %q, want %d", name, got, total)
		}
	}
}
