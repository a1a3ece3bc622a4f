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
	t.Parallel()
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
	// One screen (issue #18): the ten piles once; the tab bar says who
	// takes the chips, one tap gives a pile's chip.
	var piles0, boardHeight, viewport int
	run(t, ctx, "the board",
		chromedp.Evaluate(`document.querySelectorAll('[data-testid="koc-pile"]').length`, &piles0),
		chromedp.Evaluate(`Math.round(document.querySelector('[data-testid="koc-board"]').getBoundingClientRect().height)`, &boardHeight),
		chromedp.Evaluate(`window.innerHeight`, &viewport))
	if piles0 != 10 || boardHeight > viewport {
		t.Errorf("%d piles, the board %d px tall on a %d px screen: want 10 piles on one screen", piles0, boardHeight, viewport)
	}
	var c taps
	c.n = 1 // "Enter game 1" on the table page (startTable)
	for i, toys := range chips {
		acts := []chromedp.Action{c.tap(fmt.Sprintf(`label.koc-tab:has([data-testid="koc-to-%d"])`, i))}
		for toy, values := range toys {
			pile := fmt.Sprintf(`.koc-pile[data-toy="%d"] `, toy)
			// A wrong chip first, taken back with ⌫ (not counted).
			if i == 0 && toy == 1 {
				acts = append(acts, tap(pile+`button[data-chip="2"]`), tap(pile+`button[data-action="back"]`))
			}
			for _, v := range values {
				acts = append(acts, c.tap(pile+fmt.Sprintf(`button[data-chip="%d"]`, v)))
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
	var held string
	run(t, ctx, "who holds toy 1", chromedp.Text(`[data-held="1"]`, &held, chromedp.ByQuery))
	if held != "Ana 2 3 · Ben 2" {
		t.Errorf("toy 1 held by %q, want Ana 2 3 · Ben 2", held)
	}
	var disabled bool
	run(t, ctx, "a used-up pile offers nothing", chromedp.Evaluate(`[...document.querySelectorAll('.koc-pile[data-toy="5"] button[data-chip]')].every(b => b.disabled)`, &disabled))
	if disabled {
		t.Error("toy 5 (2 2 3 taken, 3 players) offers no chip, want a 3 or 4")
	}
	// The pile hints follow the taps (3 players: one chip removed per pile).
	piles, err := kociaki.PilesLeft(3, map[int][]int{1: {2, 3, 2}, 5: {2, 2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	for _, toy := range []int{1, 5} {
		var got string
		run(t, ctx, "pile hint", chromedp.Text(fmt.Sprintf(`[data-next="%d"]`, toy), &got, chromedp.ByQuery))
		next := strings.ReplaceAll(strings.Trim(fmt.Sprint(piles[toy-1].Next), "[]"), " ", " or ")
		if !strings.Contains(got, "next "+next) {
			t.Errorf("toy %d hint %q, want next %s", toy, got, next)
		}
	}
	snapshot(t, ctx, "koc-entry-filled")
	run(t, ctx, "submit the game",
		c.tap(`input[name="options.variant"][value="experienced"]`),
		c.tap(`[data-testid="submit-scores"]`),
		chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
	)
	snapshot(t, ctx, "koc-result")
	t.Logf("Kociaki, 3 players, 17 chips: %d taps from the table page to the saved result", c.n)
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
