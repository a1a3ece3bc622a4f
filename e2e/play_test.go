//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/kks"
)

// A whole guided game of Koffer, Katze & Sombrero on a phone: lay the row
// by tapping cards, then every turn tap the card taken and the card turned
// up. At the end the app shows the game's score, which must be the
// engine's score of the same game replayed here.
func TestPlayAlongKKSOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	row := []string{"red 10", "black 2", "red 1", "blue 4", "yellow 6", "red 5", "black 9"}
	var deck []string
	for _, c := range []string{"red", "yellow", "black", "blue"} {
		for v := 1; v <= 10; v++ {
			card := fmt.Sprintf("%s %d", c, v)
			if !strings.Contains(strings.Join(row, ","), card+",") && row[len(row)-1] != card {
				deck = append(deck, card)
			}
		}
	}
	acts := []chromedp.Action{
		chromedp.Navigate(base + "/tables/new"),
		chromedp.SetValue(`#game`, "koffer-katze-sombrero", chromedp.ByQuery),
		chromedp.SendKeys(`#player-0`, "Amelia", chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, "Victor", chromedp.ByQuery),
		tap(`[data-testid="create-table"]`),
		tap(`[data-testid="play-along"]`),
		chromedp.WaitVisible(`[data-card-grid]`, chromedp.ByQuery),
	}
	for _, c := range row {
		acts = append(acts, tap(fmt.Sprintf(`[data-card-grid] [data-card=%q]`, c)))
	}
	acts = append(acts, tap(`[data-testid="start-play"]`), chromedp.WaitVisible(`[data-testid="to-move"]`, chromedp.ByQuery))
	run(t, ctx, "lay the row", acts...)
	snapshot(t, ctx, "play-turn")

	var first string
	run(t, ctx, "first turn", chromedp.Text(`[data-testid="take-3"]`, &first, chromedp.ByQuery))
	if !strings.Contains(first, "pay 2 tokens") {
		t.Errorf("taking the third card says %q, want 2 tokens (rule text's example)", first)
	}
	var steps [][]byte
	for turn := range 34 {
		acts := []chromedp.Action{tap(`[data-testid="take-1"]`)}
		step := kks.Step{Take: 1}
		if turn < len(deck) {
			card, err := kks.ParseCard(deck[turn])
			if err != nil {
				t.Fatal(err)
			}
			step.Reveal = &card
			testid := strings.ReplaceAll(deck[turn], " ", "-")
			acts = append(acts, tap(`[data-testid="reveal-`+testid+`"]`))
		} else {
			acts = append(acts, tap(`[data-testid="confirm-take"]`))
		}
		steps = append(steps, kks.StepJSON(step))
		run(t, ctx, fmt.Sprintf("turn %d", turn+1), acts...)
		if turn == 33 {
			break
		}
		waitTrue(t, ctx, "next turn shown", fmt.Sprintf(`document.readyState === "complete" && document.body.innerText.includes("turn %d of 34") && !document.querySelector('[data-testid="reveal"]')`, turn+2))
		var last bool
		run(t, ctx, "last round?", chromedp.Evaluate(`!!document.querySelector('[data-testid="last-round"]')`, &last))
		if want := turn >= 32; last != want {
			t.Fatalf("after turn %d the last-round banner is %v, want %v (deck empty after 33 reveals)", turn+1, last, want)
		}
	}
	var verdict string
	run(t, ctx, "final score", chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
		chromedp.AttributeValue(`[data-testid="verdict"]`, "data-valid", &verdict, nil, chromedp.ByQuery))
	if verdict != "true" {
		t.Errorf("the guided game ended with an invalid state")
	}
	checkTotals(t, ctx, kksGuidedResult(t, []string{"Amelia", "Victor"}, row, steps))
}

// kksGuidedResult replays the same guided game through the engine and
// scores its final displays, as the page should.
func kksGuidedResult(t *testing.T, players, row []string, steps [][]byte) scoringResult {
	t.Helper()
	setup, _ := json.Marshal(kks.Setup{Row: row})
	over, final, err := kks.Engine{}.Guide(players, setup, steps)
	if err != nil || !over {
		t.Fatalf("engine replay of the scripted game: over=%v err=%v", over, err)
	}
	res, err := kks.Engine{}.Check(final)
	if err != nil {
		t.Fatal(err)
	}
	want := scoringResult{totals: map[string]int{}, winners: res.Winners}
	for _, p := range res.Players {
		want.totals[p.Name] = p.Total
	}
	return want
}
