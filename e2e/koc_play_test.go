//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/kociaki"
)

// A whole guided game of Kociaki Łobuziaki on a phone, 3 players: the
// test keeps the physical toy piles, with one chip per pile removed unseen
// (KOC-1), and plays 12 rounds by tapping — the tile's colour, the toys
// each string crossed, the chip taken where the app has to ask, and in
// round 12 "not enough string" for one player. The result page must show
// the engine's score of the same game.
func TestPlayAlongKocOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	names := []string{"Ola", "Ben", "Cyd"}
	run(t, ctx, "start a table and play along",
		chromedp.Navigate(base+"/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, kociaki.Slug, chromedp.ByQuery),
		chromedp.SendKeys(`#player-0`, names[0], chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, names[1], chromedp.ByQuery),
		chromedp.SendKeys(`#player-2`, names[2], chromedp.ByQuery),
		tap(`[data-testid="create-table"]`),
		tap(`[data-testid="play-along"]`),
		tap(`[data-testid="start-green"]`),
		tap(`[data-testid="variant-experienced"]`),
	)
	snapshot(t, ctx, "koc-play-setup")
	audit(t, ctx, "koc play set-up")
	run(t, ctx, "start", tap(`[data-testid="start-play"]`), chromedp.WaitVisible(`[data-testid="tile-form"]`, chromedp.ByQuery))

	// The physical piles: 2 2 3 3 4 less the chip at position toy%5.
	var piles [kociaki.Toys][]int
	for toy := range piles {
		for i, v := range []int{2, 2, 3, 3, 4} {
			if i != toy%5 {
				piles[toy] = append(piles[toy], v)
			}
		}
	}
	tiles := []string{"yellow", "turquoise", "pink", "turquoise", "pink", "green", "pink", "green", "yellow", "green", "yellow", "turquoise"}
	const shortSeat = 1
	var steps [][]byte
	for r := 1; r <= kociaki.Rounds; r++ {
		start := (r - 1) % 3
		waitTrue(t, ctx, fmt.Sprintf("round %d's tile", r), fmt.Sprintf(`document.readyState === "complete" && !!document.querySelector('[data-testid="tile-form"]') && document.querySelector('[data-testid="round"]').innerText === "round %d of 12"`, r))
		run(t, ctx, fmt.Sprintf("round %d: tile", r), tap(`[data-testid="tile-`+tiles[r-1]+`"]`))
		c, _ := kociaki.ParseColour(tiles[r-1])
		steps = append(steps, kociaki.StepJSON(kociaki.Step{Kind: kociaki.PlayTile, Tile: kociaki.Tile{Colour: c}}))
		for k := range 3 {
			seat := (start + k) % 3
			who := names[seat]
			waitTrue(t, ctx, who+"'s turn", fmt.Sprintf(`document.readyState === "complete" && !!document.querySelector('[data-testid="turn-form"]') && document.querySelector('[data-testid="to-act"]').innerText === %q`, who+" pulls the string"))
			if r == 3 && k == 0 {
				snapshot(t, ctx, "koc-play-turn")
				audit(t, ctx, "koc play turn")
			}
			if r == kociaki.Rounds && seat == shortSeat {
				var banner bool
				run(t, ctx, "last round banner", chromedp.Evaluate(`!!document.querySelector('[data-testid="last-round"]')`, &banner))
				if !banner {
					t.Error("round 12 shows no last-round banner")
				}
				run(t, ctx, who+" is short of string", tap(`[data-testid="short"]`))
				steps = append(steps, kociaki.StepJSON(kociaki.Step{Kind: kociaki.PullString, Short: true}))
				continue
			}
			toys := []int{(r*3+seat*7)%kociaki.Toys + 1}
			if (r+seat)%3 == 0 && !slices.Contains(toys, (r+seat)%kociaki.Toys+1) {
				toys = append(toys, (r+seat)%kociaki.Toys+1)
			}
			if (r+seat)%5 == 0 {
				run(t, ctx, who+" crosses no toy", tap(`[data-testid="no-toy"]`))
				steps = append(steps, kociaki.StepJSON(kociaki.Step{Kind: kociaki.PullString}))
				continue
			}
			st := kociaki.Step{Kind: kociaki.PullString}
			var acts []chromedp.Action
			for _, toy := range toys {
				acts = append(acts, tap(fmt.Sprintf(`[data-testid="toy-%d"]`, toy)))
				value := "empty"
				take := kociaki.Take{Toy: toy, Empty: true}
				if len(piles[toy-1]) > 0 {
					take = kociaki.Take{Toy: toy, Chip: piles[toy-1][0]}
					value = strconv.Itoa(piles[toy-1][0])
					piles[toy-1] = piles[toy-1][1:]
				}
				// The app asks only when the pile could give more than one thing.
				var asks bool
				run(t, ctx, "is the chip asked?", chromedp.Evaluate(fmt.Sprintf(`!!document.querySelector('[data-testid^="chip-%d-"]')`, toy), &asks))
				if asks {
					acts = append(acts, tap(fmt.Sprintf(`[data-testid="chip-%d-%s"]`, toy, value)))
				}
				st.Crossed = append(st.Crossed, take)
			}
			acts = append(acts, tap(`[data-testid="take-chips"]`))
			run(t, ctx, fmt.Sprintf("round %d: %s crosses toys %v", r, who, toys), acts...)
			steps = append(steps, kociaki.StepJSON(st))
		}
		if r == 6 {
			// Ola says this phone is hers: her chip values show, the others' stay face down.
			waitTrue(t, ctx, "round 7 shown", `document.readyState === "complete" && !!document.querySelector('[data-testid="tile-form"]') && document.querySelector('[data-testid="round"]').innerText === "round 7 of 12"`)
			run(t, ctx, "this phone is Ola's", tap(`[data-testid="me-Ola"]`))
			waitTrue(t, ctx, "Ola's chips shown", `document.readyState === "complete" && !!document.querySelector('[data-player="Ola"] [data-testid="own-chips"]')`)
			var others int
			run(t, ctx, "others face down", chromedp.Evaluate(`document.querySelectorAll('[data-player="Ben"] [data-testid="own-chips"], [data-player="Cyd"] [data-testid="own-chips"]').length`, &others))
			if others != 0 {
				t.Error("Ola's phone shows another player's chip values")
			}
			snapshot(t, ctx, "koc-play-own-chips")
			audit(t, ctx, "koc play tile with own chips")
		}
	}
	setup, _ := json.Marshal(kociaki.Setup{StartTile: "green", Options: json.RawMessage(`{"variant":"experienced"}`)})
	over, final, err := kociaki.Engine{}.Guide(names, setup, steps)
	if err != nil {
		t.Fatalf("engine replay of the scripted game: %v", err)
	}
	if !over {
		// A tie on the top: the string left settles it (KOC-5).
		pos, _ := kociaki.Engine{}.Resume(names, setup, steps)
		left := map[string]float64{}
		var acts []chromedp.Action
		for i, name := range pos.TiedForWin() {
			left[name] = float64(20 + i)
			acts = append(acts, chromedp.SendKeys(fmt.Sprintf(`[data-testid="string-%s"]`, name), strconv.Itoa(20+i), chromedp.ByQuery))
		}
		acts = append(acts, tap(`[data-testid="string-done"]`))
		run(t, ctx, "string left", acts...)
		steps = append(steps, kociaki.StepJSON(kociaki.Step{Kind: kociaki.MeasureString, StringLeft: left}))
		if over, final, err = (kociaki.Engine{}).Guide(names, setup, steps); err != nil || !over {
			t.Fatalf("after the string: over %v, %v", over, err)
		}
	}
	var verdict string
	run(t, ctx, "final score", chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
		chromedp.AttributeValue(`[data-testid="verdict"]`, "data-valid", &verdict, nil, chromedp.ByQuery))
	snapshot(t, ctx, "koc-play-result")
	if verdict != "true" {
		t.Errorf("the guided game ended with an invalid state")
	}
	res, err := kociaki.Engine{}.Check(final)
	if err != nil {
		t.Fatal(err)
	}
	want := scoringResult{totals: map[string]int{}, winners: res.Winners}
	for _, p := range res.Players {
		want.totals[p.Name] = p.Total
	}
	if !strings.Contains(string(final), `"experienced"`) {
		t.Errorf("the final state lost the variant: %s", final)
	}
	checkTotals(t, ctx, want)
}
