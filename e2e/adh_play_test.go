//go:build e2e

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/aufderhut"
)

// A whole guided game of Auf der Hut on a phone: name two characters, lay
// the display by tapping characters, then every turn tap the action, the
// hat(s) and the outcome (and after a match the character laid). The game
// ends at the first match that cannot be refilled (ADH-3) and the app
// shows its score, which must be the engine's score of the same game
// replayed here.
func TestPlayAlongADHOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	players := []string{"Ida", "Jan", "Kim"}
	display := []int{1, 2, 3, 4, 4, 5, 6}
	acts := []chromedp.Action{
		chromedp.Navigate(base + "/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, aufderhut.Slug, chromedp.ByQuery),
	}
	for i, n := range players {
		acts = append(acts, chromedp.SendKeys(fmt.Sprintf(`#player-%d`, i), n, chromedp.ByQuery))
	}
	acts = append(acts,
		tap(`[data-testid="create-table"]`),
		tap(`[data-testid="play-along"]`),
		chromedp.WaitVisible(`[data-adh-picker]`, chromedp.ByQuery),
		tap(`details.card > summary`),
		chromedp.SendKeys(`#name-0`, "Wizard", chromedp.ByQuery),
		chromedp.SendKeys(`#name-1`, "Chef", chromedp.ByQuery),
	)
	for _, c := range display {
		acts = append(acts, tap(fmt.Sprintf(`[data-testid="pick-%d"]`, c)))
	}
	run(t, ctx, "lay the display", acts...)
	var label string
	var fourGone bool
	run(t, ctx, "pickers", chromedp.Text(`[data-testid="pick-1"]`, &label, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('[data-testid="pick-4"]').disabled`, &fourGone))
	if !strings.Contains(label, "Wizard") || !fourGone {
		t.Errorf("picker: character 1 reads %q, character 4 (laid twice) disabled %v", label, fourGone)
	}
	snapshot(t, ctx, "adh-play-setup")
	audit(t, ctx, "adh play set-up")
	run(t, ctx, "start", tap(`[data-testid="start-play"]`), chromedp.WaitVisible(`[data-testid="to-move"]`, chromedp.ByQuery))
	var first string
	run(t, ctx, "spot 1", chromedp.Text(`[data-spot="1"] [data-testid="spot-name"]`, &first, chromedp.ByQuery))
	if first != "Wizard" {
		t.Errorf("spot 1 shows %q", first)
	}
	snapshot(t, ctx, "adh-play-turn")
	audit(t, ctx, "adh play turn")

	var steps [][]byte
	turn := 1
	mode := func(m string) {
		t.Helper()
		waitTrue(t, ctx, "mode "+m, fmt.Sprintf(`document.readyState === "complete" && document.querySelector('[data-testid="action"]')?.dataset.mode === %q`, m))
	}
	// next waits for the turn after the one just entered and records its step.
	next := func(s aufderhut.Step) {
		t.Helper()
		steps = append(steps, aufderhut.StepJSON(s))
		turn++
		waitTrue(t, ctx, fmt.Sprintf("turn %d", turn), fmt.Sprintf(`document.readyState === "complete" && document.querySelector('[data-testid="to-move"]')?.dataset.turn === "%d"`, turn))
	}
	look := func(spot int) {
		run(t, ctx, "look", tap(`[data-testid="do-look"]`))
		mode("look")
		run(t, ctx, "look at a hat", tap(fmt.Sprintf(`[data-testid="spot-%d"]`, spot)))
		next(aufderhut.Step{Look: spot})
	}
	swap := func(a int) {
		run(t, ctx, "swap", tap(`[data-testid="do-swap"]`))
		mode("swap")
		run(t, ctx, "first hat", tap(fmt.Sprintf(`[data-testid="spot-%d"]`, a)))
		mode("swap2")
	}
	reveal := func(spot int, outcome string) {
		run(t, ctx, "reveal", tap(`[data-testid="do-reveal"]`))
		mode("reveal")
		run(t, ctx, "the hat revealed", tap(fmt.Sprintf(`[data-testid="spot-%d"]`, spot)))
		mode("outcome")
		run(t, ctx, outcome, tap(`[data-testid="outcome-`+outcome+`"]`))
	}

	look(3)
	swap(1)
	run(t, ctx, "second hat", tap(`[data-testid="spot-5"]`))
	next(aufderhut.Step{Swap: [2]int{1, 5}})
	// Kim swaps them back: flagged before (ADH-5) and warned after.
	swap(5)
	var hint string
	run(t, ctx, "swap-back hint", chromedp.Text(`[data-testid="swap-back-hint"]`, &hint, chromedp.ByQuery))
	if !strings.Contains(hint, "rule ADH-5") {
		t.Errorf("swap-back hint %q", hint)
	}
	snapshot(t, ctx, "adh-play-swap-back")
	var fits bool
	run(t, ctx, "page width", chromedp.Evaluate(`document.documentElement.scrollWidth <= window.innerWidth`, &fits))
	if !fits {
		t.Error("the turn page is wider than the phone")
	}
	run(t, ctx, "swap back", tap(`[data-testid="spot-1"]`))
	next(aufderhut.Step{Swap: [2]int{5, 1}})
	run(t, ctx, "warning", chromedp.WaitVisible(`[data-testid="swap-back-warning"]`, chromedp.ByQuery))
	reveal(7, "wonderhat")
	next(aufderhut.Step{Reveal: 7, Outcome: aufderhut.Wonderhat})
	reveal(2, "miss")
	next(aufderhut.Step{Reveal: 2, Outcome: aufderhut.Miss})
	reveal(2, "miss")
	next(aufderhut.Step{Reveal: 2, Outcome: aufderhut.Miss})
	reveal(3, "miss")
	next(aufderhut.Step{Reveal: 3, Outcome: aufderhut.Miss})

	// Matches on spots 1 to 7 in turn until a refill fails (ADH-3): 13
	// with a character laid from the pile, then the 14th ends the game.
	for m := range aufderhut.MaxMatches {
		spot := 1 + m%aufderhut.DisplaySize
		reveal(spot, "match")
		if m == aufderhut.MaxMatches-1 {
			steps = append(steps, aufderhut.StepJSON(aufderhut.Step{Reveal: spot, Outcome: aufderhut.Match}))
			break
		}
		mode("lay")
		if m == 0 {
			snapshot(t, ctx, "adh-play-lay")
		}
		var laid string
		run(t, ctx, "character laid", chromedp.AttributeValue(`button[name="laid"]`, "value", &laid, nil, chromedp.ByQuery))
		n, _ := strconv.Atoi(laid)
		run(t, ctx, "lay it", tap(`[data-testid="laid-`+laid+`"]`))
		next(aufderhut.Step{Reveal: spot, Outcome: aufderhut.Match, Laid: n})
		if m == aufderhut.MaxMatches-2 {
			run(t, ctx, "last match announced", chromedp.WaitVisible(`[data-testid="end-note"]`, chromedp.ByQuery))
			snapshot(t, ctx, "adh-play-last")
		}
	}
	var verdict string
	run(t, ctx, "final score", chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
		chromedp.AttributeValue(`[data-testid="verdict"]`, "data-valid", &verdict, nil, chromedp.ByQuery))
	snapshot(t, ctx, "adh-play-result")
	if verdict != "true" {
		t.Errorf("the guided game ended with an invalid state")
	}
	checkTotals(t, ctx, adhGuidedResult(t, players, display, steps))
}

// adhGuidedResult replays the same guided game through the engine and
// scores its final collections, as the page should.
func adhGuidedResult(t *testing.T, players []string, display []int, steps [][]byte) scoringResult {
	t.Helper()
	setup := aufderhut.SetupJSON(aufderhut.Setup{Variant: aufderhut.Standard, Display: display})
	over, final, err := aufderhut.Engine{}.Guide(players, setup, steps)
	if err != nil || !over {
		t.Fatalf("engine replay of the scripted game: over=%v err=%v", over, err)
	}
	res, err := aufderhut.Engine{}.Check(final)
	if err != nil {
		t.Fatal(err)
	}
	want := scoringResult{totals: map[string]int{}, winners: res.Winners}
	for _, p := range res.Players {
		want.totals[p.Name] = p.Total
	}
	return want
}
