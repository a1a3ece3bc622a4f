//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/aufderhut"
)

// The other guided games' check of issue #38 (checkGuided): a refused
// move on one phone, a whole turn on a second, the first follows live
// within 2 s and never asks a URL answering 405, its turn control on
// screen.

func TestGuidedKodiakStaysLiveAfterARefusal(t *testing.T) {
	t.Parallel()
	checkGuided(t, guidedCase{
		start: func(t *testing.T, ctx context.Context, base string) {
			startPlayAlong(t, ctx, base, "kodiak", "0", "Ana", "Ben", "Cy")
		},
		// Cy's turn while Ana (the Kodiak) is to move.
		refuse:  `(() => { const b = document.querySelector('[data-testid="turn-done"]'); b.value = "done:2"; b.click(); })()`,
		move:    []chromedp.Action{tap(`[data-testid="turn-done"]`), chromedp.WaitVisible(`[data-testid="last-move"]`, chromedp.ByQuery)},
		after:   toMove("Ben") + ` && window.sameDocument === true && !!document.querySelector('[data-testid="last-move"]')`,
		endTurn: "turn-done",
		taps:    1,
	})
}

func TestGuidedADHStaysLiveAfterARefusal(t *testing.T) {
	t.Parallel()
	checkGuided(t, guidedCase{
		start: func(t *testing.T, ctx context.Context, base string) {
			acts := []chromedp.Action{
				chromedp.Navigate(base + "/tables/new"),
				chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
				chromedp.SetValue(`#game`, aufderhut.Slug, chromedp.ByQuery),
				chromedp.SendKeys(`#player-0`, "Ida", chromedp.ByQuery),
				chromedp.SendKeys(`#player-1`, "Jan", chromedp.ByQuery),
				chromedp.SendKeys(`#player-2`, "Kim", chromedp.ByQuery),
				tap(`[data-testid="create-table"]`),
				tap(`[data-testid="play-along"]`),
				chromedp.WaitVisible(`[data-adh-picker]`, chromedp.ByQuery),
			}
			for _, c := range []int{1, 2, 3, 4, 4, 5, 6} {
				acts = append(acts, tap(fmt.Sprintf(`[data-testid="pick-%d"]`, c)))
			}
			acts = append(acts, tap(`[data-testid="start-play"]`), chromedp.WaitVisible(`[data-testid="to-move"]`, chromedp.ByQuery),
				tap(`[data-testid="do-look"]`), chromedp.WaitVisible(`[data-testid="action"][data-mode="look"]`, chromedp.ByQuery))
			run(t, ctx, "start Auf der Hut, choose to look", acts...)
		},
		// A hat on a spot the display does not have.
		refuse: sendAs(`form[action$="/play/step"]`, "look", "9"),
		// Look at a hat: a whole turn, "Look at a hat" and the hat (the
		// second phone opened the first one's address, already at the first).
		move: []chromedp.Action{tap(`[data-testid="spot-3"]`),
			chromedp.WaitVisible(`[data-testid="last-move"]`, chromedp.ByQuery)},
		after:   `document.querySelector('[data-testid="to-move"]')?.dataset.turn === "2" && window.sameDocument === true`,
		endTurn: "do-reveal",
		taps:    2,
	})
}

func TestGuidedAlaskaStaysLiveAfterARefusal(t *testing.T) {
	t.Parallel()
	checkGuided(t, guidedCase{
		start: func(t *testing.T, ctx context.Context, base string) {
			startAlaskaOnAPhone(t, ctx, base, "")
			run(t, ctx, "the salmon falls in", tap(`[data-testid="border-4"]`), tap(`[data-testid="place-salmon"]`),
				chromedp.WaitVisible(`[data-testid="end-turn"]`, chromedp.ByQuery))
		},
		// Ending the turn with 3 cards in hand: rule ALA-1 (all but 1 played).
		refuse: sendAs(`form.ak-moves`, "move", "end"),
		// The rest of Ana's turn: a cast of 1 + 2 into section 3, then the end.
		move: []chromedp.Action{tap(`[data-testid="section-3"]`), tap(`[data-testid="cast-1-2"]`),
			chromedp.WaitVisible(`[data-testid="events"][data-step="2"]`, chromedp.ByQuery),
			tap(`[data-testid="end-turn"]`), chromedp.WaitVisible(`[data-testid="events"][data-step="3"]`, chromedp.ByQuery)},
		after:   `document.querySelector('[data-testid="events"]')?.dataset.step === "3" && window.sameDocument === true`,
		endTurn: "end-turn",
		taps:    5, // with the salmon's 2 (border, place) on the first phone
	})
}

func TestGuidedKKSStaysLiveAfterARefusal(t *testing.T) {
	t.Parallel()
	checkGuided(t, guidedCase{
		start: func(t *testing.T, ctx context.Context, base string) {
			acts := []chromedp.Action{
				chromedp.Navigate(base + "/tables/new"),
				chromedp.SetValue(`#game`, "koffer-katze-sombrero", chromedp.ByQuery),
				chromedp.SendKeys(`#player-0`, "Amelia", chromedp.ByQuery),
				chromedp.SendKeys(`#player-1`, "Victor", chromedp.ByQuery),
				tap(`[data-testid="create-table"]`),
				tap(`[data-testid="play-along"]`),
				chromedp.WaitVisible(`[data-card-grid]`, chromedp.ByQuery),
			}
			for _, c := range []string{"red 10", "black 2", "red 1", "blue 4", "yellow 6", "red 5", "black 9"} {
				acts = append(acts, tap(fmt.Sprintf(`[data-card-grid] [data-card=%q]`, c)))
			}
			acts = append(acts, tap(`[data-testid="start-play"]`), chromedp.WaitVisible(`[data-testid="to-move"]`, chromedp.ByQuery),
				tap(`[data-testid="take-3"]`), chromedp.WaitVisible(`[data-testid="reveal"]`, chromedp.ByQuery))
			run(t, ctx, "lay the row, take the third card", acts...)
		},
		// A card turned up that lies in the row: not in the deck.
		refuse: sendAs(`[data-testid="reveal"] form`, "reveal", "red 1"),
		// Take the first card, turn up the yellow 1: a whole turn (the
		// second phone opens the turn without the first one's take).
		move: []chromedp.Action{chromedp.Evaluate(`location.assign(location.pathname)`, nil), chromedp.Sleep(200 * time.Millisecond),
			tap(`[data-testid="take-1"]`), tap(`[data-testid="reveal-yellow-1"]`),
			chromedp.WaitVisible(`[data-testid="last-move"]`, chromedp.ByQuery)},
		after:   shows("last-move", "Amelia took") + ` && window.sameDocument === true`,
		endTurn: "take-1",
		taps:    2,
	})
}
