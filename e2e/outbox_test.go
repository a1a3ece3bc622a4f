//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"tablemate/scoring/cambio"
)

// workers are the service workers attached to, by target.
var (
	workersMu sync.Mutex
	workers   = map[target.ID]context.Context{}
)

// onTheTable is what a table page shows after a round: the game in
// progress, or the standing and the game's ranking when the round ended
// it (a game in progress counts in no standing yet).
const onTheTable = `[data-testid="current-game"], [data-testid="standings"], [data-testid="ranking"]`

// offline takes the phone off the network (DevTools network emulation) or
// brings it back: the page and its service worker, which the browser
// runs apart and would otherwise keep online (and send the outbox from,
// by Background Sync).
func offline(phone context.Context, off bool) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		emulate := func(ctx context.Context) error {
			if err := network.Enable().Do(ctx); err != nil {
				return err
			}
			return network.EmulateNetworkConditions(off, 0, -1, -1).Do(ctx)
		}
		targets, err := chromedp.Targets(ctx)
		if err != nil {
			return err
		}
		mine := browserContextOf(phone)
		for _, tg := range targets {
			// A shared browser: only this phone's worker. A phone in a
			// browser of its own (phoneAt) has no context of its own:
			// every worker there is its.
			if tg.Type != "service_worker" || (mine != "" && tg.BrowserContextID != mine) {
				continue
			}
			workersMu.Lock()
			wctx, ok := workers[tg.TargetID]
			if !ok {
				// Kept attached: detaching would end the emulation. It ends
				// with the browser.
				wctx, _ = chromedp.NewContext(phone, chromedp.WithTargetID(tg.TargetID))
				workers[tg.TargetID] = wctx
			}
			workersMu.Unlock()
			if err := chromedp.Run(wctx, chromedp.ActionFunc(emulate)); err != nil {
				return fmt.Errorf("service worker: %w", err)
			}
		}
		return emulate(ctx)
	})
}

// cambioRound is round r of testdata/three-rounds-to-50.json: each
// player's cards as the round editor's fields take them, and how it ended.
func cambioRound(t *testing.T, r int) (cards []string, ended string) {
	t.Helper()
	body, err := os.ReadFile("../scoring/cambio/testdata/three-rounds-to-50.json")
	if err != nil {
		t.Fatal(err)
	}
	game, err := cambio.Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range game.Players {
		var tokens []string
		for _, c := range p.Rounds[r].Cards {
			tokens = append(tokens, c.String())
		}
		cards = append(cards, strings.Join(tokens, " "))
		if p.Rounds[r].Cambio {
			ended = fmt.Sprintf("cambio:%d", i)
		}
		if len(p.Rounds[r].Cards) == 0 && ended == "" {
			ended = fmt.Sprintf("out:%d", i)
		}
	}
	return cards, ended
}

// fillRound opens the round editor of the table and fills in round r,
// without sending it.
func fillRound(t *testing.T, table string, r int) []chromedp.Action {
	cards, ended := cambioRound(t, r)
	acts := []chromedp.Action{
		chromedp.Navigate(table + "/games/new"),
		chromedp.WaitVisible(`[data-testid="submit-round"]`, chromedp.ByQuery),
		// outbox.js loads once the page is shown.
		chromedp.Poll(`!!window.TablemateOutbox`, nil, chromedp.WithPollingTimeout(10*time.Second)),
	}
	for i, c := range cards {
		acts = append(acts, chromedp.SetValue(fmt.Sprintf(`#p%d-cards`, i), c, chromedp.ByQuery))
	}
	return append(acts, tap(fmt.Sprintf(`input[name="ended"][value=%q]`, ended)))
}

// rounds counts the rounds recorded in the table's log (its export).
func rounds(t *testing.T, table string) int {
	t.Helper()
	res, err := http.Get(table + "/export.json")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var x struct {
		Events []struct {
			Kind string `json:"kind"`
		} `json:"events"`
	}
	if err := json.NewDecoder(res.Body).Decode(&x); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range x.Events {
		if e.Kind == "round_recorded" {
			n++
		}
	}
	return n
}

// cambioTable starts a Cambio table for Ana, Ben and Cy on the phone, lets
// the service worker take control and keep the table's pages, and returns
// the table's edit URL.
func cambioTable(t *testing.T, ctx context.Context, base string) string {
	t.Helper()
	var table string
	var controlled bool
	run(t, ctx, "start a Cambio table",
		chromedp.Navigate(base+"/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, "cambio", chromedp.ByQuery),
		chromedp.SendKeys(`#player-0`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, "Ben", chromedp.ByQuery),
		chromedp.SendKeys(`#player-2`, "Cy", chromedp.ByQuery),
		tap(`[data-testid="create-table"]`),
		chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
		chromedp.Location(&table),
	)
	run(t, ctx, "the service worker takes control",
		chromedp.Poll(`navigator.serviceWorker.controller !== null`, &controlled, chromedp.WithPollingTimeout(18*time.Second)))
	run(t, ctx, "the worker keeps the table's pages",
		// Once under the worker, so it keeps the pages and the scripts.
		chromedp.Navigate(table+"/games/new"),
		chromedp.WaitVisible(`[data-testid="submit-round"]`, chromedp.ByQuery),
		chromedp.Navigate(table),
		chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
		chromedp.Poll(`!!window.TablemateOutbox`, nil, chromedp.WithPollingTimeout(10*time.Second)),
	)
	return table
}

// queueOffline fills in round r of the test data, loses the connection,
// sends it, and checks it is kept on the phone, shown as waiting, and not
// sent (the table keeps its recorded rounds).
func queueOffline(t *testing.T, ctx context.Context, table string, r, recorded int) {
	t.Helper()
	var queued string
	run(t, ctx, fmt.Sprintf("round %d filled in", r+1), fillRound(t, table, r)...)
	run(t, ctx, fmt.Sprintf("round %d sent offline and kept on the phone", r+1),
		offline(ctx, true),
		tap(`[data-testid="submit-round"]`),
		chromedp.WaitVisible(`[data-testid="outbox-queued"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="outbox-queued"]`, &queued, chromedp.ByQuery),
	)
	if !strings.Contains(queued, "Waiting to be sent — not yet checked") {
		t.Errorf("the entry kept offline says %q", queued)
	}
	if n := rounds(t, table); n != recorded {
		t.Fatalf("%d rounds recorded while the phone was offline, want %d", n, recorded)
	}
}

// TestOfflineRoundRecordedOnce: a round entered while the phone is
// offline is kept and shown as waiting on the table page; back online it
// is sent and recorded exactly once, and sending the same entry again (its
// one-time token) is answered "already recorded", not with a second round.
func TestOfflineRoundRecordedOnce(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	table := cambioTable(t, ctx, base)
	queueOffline(t, ctx, table, 0, 0)

	// Keep a copy of the entry as the phone will send it.
	var entry string
	run(t, ctx, "the entry in the outbox",
		chromedp.Evaluate(`TablemateOutbox.all().then((a) => JSON.stringify(a[0]))`, &entry, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
	)
	var waiting string
	run(t, ctx, "the table page shows it waiting",
		tap(`[data-testid="outbox-back"]`),
		chromedp.WaitVisible(`[data-testid="outbox-waiting"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="outbox-waiting"]`, &waiting, chromedp.ByQuery),
	)
	if !strings.Contains(waiting, "Waiting to be sent") || !strings.Contains(waiting, "Ana") {
		t.Errorf("the table page shows %q", waiting)
	}
	snapshot(t, ctx, "outbox-waiting")

	var sent string
	run(t, ctx, "back online: sent",
		offline(ctx, false),
		chromedp.WaitVisible(`[data-testid="outbox-sent"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="outbox-sent"]`, &sent, chromedp.ByQuery),
		chromedp.WaitVisible(onTheTable, chromedp.ByQuery),
	)
	if !strings.Contains(sent, "Sent and recorded") {
		t.Errorf("after sending the page says %q", sent)
	}
	if n := rounds(t, table); n != 1 {
		t.Fatalf("%d rounds recorded, want exactly 1", n)
	}
	var left int
	run(t, ctx, "the outbox is empty", chromedp.Evaluate(`TablemateOutbox.all().then((a) => a.length)`, &left, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if left != 0 {
		t.Errorf("%d entries left in the outbox", left)
	}

	// The same entry sent again (a resend after a lost answer): the page
	// reloads to say so; the check rides out the reloads.
	run(t, ctx, "the same token again",
		chromedp.Evaluate(fmt.Sprintf(`(() => { const e = %s; e.state = "waiting"; delete e.id; TablemateOutbox.put(e).then(() => location.reload()); return true; })()`, entry), nil),
	)
	waitTrue(t, ctx, "the resend is answered already recorded",
		`!!document.querySelector('[data-testid="outbox-sent"]') && document.querySelector('[data-testid="outbox-sent"]').textContent.includes("Already recorded")`)
	if n := rounds(t, table); n != 1 {
		t.Fatalf("the resend made %d rounds, want 1", n)
	}
}

// TestOfflineConflict: while the phone is offline another phone records a
// round; back online the phone shows the conflict with both versions and
// lets the person choose: send it anyway (recorded once, as the next
// round) or discard it (nothing recorded, nothing left waiting).
func TestOfflineConflict(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	table := cambioTable(t, ctx, base)
	other := phone(t)

	for i, choice := range []string{"send-anyway", "discard"} {
		queueOffline(t, ctx, table, 2*i, 2*i)
		if i == 0 {
			// Two taps on the clock besides the round: the table's
			// version moves by three, but only one entry was made.
			run(t, other, "another phone starts and pauses the clock",
				chromedp.Navigate(table+"/games/new"),
				chromedp.WaitVisible(`[data-testid="clock-start"]`, chromedp.ByQuery),
				tap(`[data-testid="clock-start"]`),
				chromedp.WaitVisible(`[data-testid="clock-pause"]`, chromedp.ByQuery),
				tap(`[data-testid="clock-pause"]`),
				chromedp.WaitVisible(`[data-testid="clock-start"]`, chromedp.ByQuery))
		}
		run(t, other, "another phone records a round", append(fillRound(t, table, 1-i),
			tap(`[data-testid="submit-round"]`),
			chromedp.WaitVisible(onTheTable, chromedp.ByQuery))...)
		var conflict string
		run(t, ctx, "back online: the conflict",
			chromedp.Navigate(table),
			offline(ctx, false),
			chromedp.Reload(),
			chromedp.WaitVisible(`[data-testid="outbox-conflict"]`, chromedp.ByQuery),
			chromedp.Text(`[data-testid="outbox-conflict"]`, &conflict, chromedp.ByQuery),
		)
		head := ""
		if i == 0 {
			head = "someone else made 1 entry on this table"
		}
		if !strings.Contains(conflict, "The table moved on while this phone was offline") || !strings.Contains(conflict, head) || !strings.Contains(conflict, "Your entry") {
			t.Errorf("conflict screen: %q", conflict)
		}
		snapshot(t, ctx, "outbox-conflict-"+choice)
		want := 2*i + 1
		switch choice {
		case "send-anyway":
			run(t, ctx, "send mine anyway",
				tap(`[data-testid="outbox-send-anyway"]`),
				chromedp.WaitVisible(`[data-testid="outbox-sent"]`, chromedp.ByQuery))
			want++
		case "discard":
			run(t, ctx, "discard mine",
				tap(`[data-testid="outbox-discard"]`),
				chromedp.WaitNotPresent(`[data-testid="outbox-list"]`, chromedp.ByQuery))
		}
		if n := rounds(t, table); n != want {
			t.Errorf("after %s: %d rounds recorded, want %d", choice, n, want)
		}
	}
}

// TestGuidedPlaySaysItNeedsTheConnection: offline, the guided play page
// says plainly that it needs the connection.
func TestGuidedPlaySaysItNeedsTheConnection(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	table := cambioTable(t, ctx, base)
	var say string
	run(t, ctx, "guided play offline",
		chromedp.Navigate(table+"/play"),
		chromedp.Poll(`!!window.TablemateOutbox`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		offline(ctx, true),
		chromedp.WaitVisible(`[data-testid="play-offline"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="play-offline"]`, &say, chromedp.ByQuery),
		offline(ctx, false),
		chromedp.WaitNotPresent(`[data-testid="play-offline"]`, chromedp.ByQuery),
	)
	if !strings.Contains(say, "Guided play needs the connection") {
		t.Errorf("guided play offline says %q", say)
	}
}
