//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"tablemate/scoring/kociaki"
	"tablemate/scoring/runemarket"
)

// requests records every answer a phone's pages got: its URL and status.
type requests struct {
	mu   sync.Mutex
	seen []string
}

// watchRequests records the phone's answers from now on.
func watchRequests(t *testing.T, ctx context.Context) *requests {
	t.Helper()
	r := &requests{}
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*network.EventResponseReceived); ok {
			r.mu.Lock()
			r.seen = append(r.seen, fmt.Sprintf("%d %s", e.Response.Status, e.Response.URL))
			r.mu.Unlock()
		}
	})
	run(t, ctx, "watch the page's requests", network.Enable())
	return r
}

// refused are the answers with status 405 (Method Not Allowed).
func (r *requests) refused() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, s := range r.seen {
		if strings.HasPrefix(s, "405 ") {
			out = append(out, s)
		}
	}
	return out
}

// inView is the condition "the element is wholly on the screen".
func inView(testid string) string {
	return fmt.Sprintf(`(() => { const e = document.querySelector('[data-testid=%q]'); if (!e) return false; const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })()`, testid)
}

// guidedCase is one game's check of issue #38: a refused move on phone A
// (answered in place, at the form's POST URL), then a move from phone B;
// A must follow within 2 s without asking a URL that answers 405, and the
// control that ends the turn must be on A's screen.
type guidedCase struct {
	start   func(t *testing.T, ctx context.Context, base string) // leaves the phone on the turn page
	refuse  string                                               // JavaScript that sends a move the rules refuse
	move    []chromedp.Action                                    // phone B's move
	after   string                                               // the condition A shows once B's move is recorded
	endTurn string                                               // the test id of the control that ends the turn, after B's move
	taps    int                                                  // the taps of B's move, when it is a whole turn (0: not one)
}

func checkGuided(t *testing.T, c guidedCase) {
	base := startServer(t)
	a, b := phone(t), phone(t)
	c.start(t, a, base)
	var play string
	run(t, a, "the turn page's URL", chromedp.Location(&play))
	seen := watchRequests(t, a)
	run(t, a, "a refused move", chromedp.Evaluate(c.refuse, nil))
	waitTrue(t, a, "the refusal", `document.readyState === "complete" && !!document.querySelector('.banner-bad') && location.pathname.endsWith("/play")`)
	run(t, a, "mark the page", chromedp.Evaluate(`window.sameDocument = true`, nil), chromedp.Sleep(500*time.Millisecond)) // the event stream connects
	run(t, b, "the second phone opens the game", chromedp.Navigate(play), chromedp.WaitReady(`[data-live]`, chromedp.ByQuery))
	run(t, b, "the second phone moves", c.move...)
	start := time.Now()
	run(t, a, "the first phone follows within 2 s", chromedp.Poll(c.after, nil, chromedp.WithPollingTimeout(2*time.Second)))
	t.Logf("followed in %v", time.Since(start).Round(10*time.Millisecond))
	if c.taps > 0 {
		t.Logf("a turn on the second phone: %d taps", c.taps)
	}
	if bad := seen.refused(); len(bad) > 0 {
		t.Errorf("the first phone asked URLs that answer 405: %q", bad)
	}
	if bad := served405(t); len(bad) > 0 {
		t.Errorf("the server answered 405: %q", bad)
	}
	var onScreen bool
	run(t, a, "the end of the turn on screen", chromedp.Evaluate(`scrollTo(0, 0), true`, nil), chromedp.Evaluate(inView(c.endTurn), &onScreen))
	if !onScreen {
		t.Errorf("%q is not on the 390×844 screen without scrolling", c.endTurn)
	}
}

// sendAs sends the page's first form with a field set to a value the page
// does not offer, as a stale page or a slip would.
func sendAs(form, field, value string) string {
	return fmt.Sprintf(`(() => { const f = document.querySelector(%q); let i = f.querySelector('[name=%q]'); if (!i) { i = document.createElement('input'); i.type = 'hidden'; i.name = %q; f.append(i); } i.disabled = false; i.value = %q; f.requestSubmit(); })()`, form, field, field, value)
}

func TestGuidedCambioStaysLiveAfterARefusal(t *testing.T) {
	t.Parallel()
	checkGuided(t, guidedCase{
		start: func(t *testing.T, ctx context.Context, base string) {
			startPlayAlong(t, ctx, base, "cambio", "0", "Ana", "Ben", "Cy")
		},
		// Cy's turn while Ana is to move: rule CAM-2.
		refuse:  `(() => { const b = document.querySelector('[data-testid="turn-done"]'); b.value = "done:2"; b.click(); })()`,
		move:    []chromedp.Action{tap(`[data-testid="turn-done"]`), chromedp.WaitVisible(`[data-testid="last-move"]`, chromedp.ByQuery)},
		after:   toMove("Ben") + ` && window.sameDocument === true && ` + shows("last-move", "Ana finished a turn"),
		endTurn: "turn-done",
	})
}

func TestGuidedKociakiStaysLiveAfterARefusal(t *testing.T) {
	t.Parallel()
	checkGuided(t, guidedCase{
		start: func(t *testing.T, ctx context.Context, base string) {
			run(t, ctx, "start Kociaki",
				chromedp.Navigate(base+"/tables/new"),
				chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
				chromedp.SetValue(`#game`, kociaki.Slug, chromedp.ByQuery),
				chromedp.SendKeys(`#player-0`, "Ola", chromedp.ByQuery),
				chromedp.SendKeys(`#player-1`, "Ben", chromedp.ByQuery),
				chromedp.SendKeys(`#player-2`, "Cyd", chromedp.ByQuery),
				tap(`[data-testid="create-table"]`),
				tap(`[data-testid="play-along"]`),
				tap(`[data-testid="start-green"]`),
				tap(`[data-testid="variant-experienced"]`),
				tap(`[data-testid="start-play"]`),
				chromedp.WaitVisible(`[data-testid="tile-form"]`, chromedp.ByQuery))
		},
		// Green on green: rule KOC-3 (its button is disabled; a slip sends it).
		refuse:  sendAs(`[data-testid="tile-form"]`, "tile", "green"),
		move:    []chromedp.Action{tap(`[data-testid="tile-yellow"]`), chromedp.WaitVisible(`[data-testid="turn-form"]`, chromedp.ByQuery)},
		after:   `!!document.querySelector('[data-testid="turn-form"]') && window.sameDocument === true`,
		endTurn: "take-chips",
	})
}

func TestGuidedRuneMarketStaysLiveAfterARefusal(t *testing.T) {
	t.Parallel()
	checkGuided(t, guidedCase{
		start: func(t *testing.T, ctx context.Context, base string) {
			run(t, ctx, "start The Rune Market",
				chromedp.Navigate(base+"/tables/new"),
				chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
				chromedp.SetValue(`#game`, runemarket.Slug, chromedp.ByQuery),
				chromedp.SendKeys(`#player-0`, "Ana", chromedp.ByQuery),
				chromedp.SendKeys(`#player-1`, "Ben", chromedp.ByQuery),
				chromedp.SendKeys(`#player-2`, "Cy", chromedp.ByQuery),
				tap(`[data-testid="create-table"]`),
				tap(`[data-testid="play-along"]`),
				chromedp.WaitVisible(`#m-red`, chromedp.ByQuery),
				chromedp.SendKeys(`#m-red`, "4", chromedp.ByQuery),
				chromedp.SendKeys(`#m-blue`, "3", chromedp.ByQuery),
				chromedp.SendKeys(`#m-boat_shelters`, "1", chromedp.ByQuery),
				chromedp.SendKeys(`#m-bandits`, "1", chromedp.ByQuery),
				tap(`[data-testid="first-0"]`),
				tap(`[data-testid="start-play"]`),
				chromedp.WaitVisible(`[data-testid="end-turn"]`, chromedp.ByQuery))
		},
		// Drawing before a hand card is played: rule RUN-1.
		refuse:  sendAs(`[data-testid="shelter"] form`, "do", "draw"),
		move:    []chromedp.Action{tap(`[data-testid="shelter"] summary`), tap(`[data-testid="go-shelter-red"]`), chromedp.WaitVisible(`[data-testid="last-move"]`, chromedp.ByQuery)},
		after:   shows("last-move", "Ana played a red shelter") + ` && window.sameDocument === true`,
		endTurn: "end-turn",
	})
}
