//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/alaska"
)

// akTap is one move of the scripted game: the river target tapped first
// (a salmon border or a section; "" for none) and the button then.
type akTap struct {
	target string
	step   alaska.Step
	button string
}

// The scripted game of scoring/alaska's guide_test.go, tapped on a phone:
// salmon laid by the player on the right, flow, a local catching, casts of
// one and two cards, a bear eating a catch, the eagle, a hooked tourist,
// the final round.
var akGame = []akTap{
	{"border-4", alaska.Step{Do: alaska.DoSalmon, At: 4}, "salmon:4"},
	{"", alaska.Step{Do: alaska.DoFlow}, "flow"},
	{"section-3", alaska.Step{Do: alaska.DoCast, Cards: []int{1, 2}}, "cast:1+2"},
	{"", alaska.Step{Do: alaska.DoEnd}, "end"},
	{"border-8", alaska.Step{Do: alaska.DoSalmon, At: 8}, "salmon:8"},
	{"section-6", alaska.Step{Do: alaska.DoAngler, Angler: alaska.Local, Section: 6}, "angler:local:6"},
	{"section-8", alaska.Step{Do: alaska.DoCast, Cards: []int{3, 5}}, "cast:3+5"},
	{"", alaska.Step{Do: alaska.DoBearEat, Player: "Ana"}, "bear_eat:Ana"},
	{"", alaska.Step{Do: alaska.DoEnd}, "end"},
	{"border-5", alaska.Step{Do: alaska.DoSalmon, At: 5}, "salmon:5"},
	{"", alaska.Step{Do: alaska.DoFlow}, "flow"},
	{"section-9", alaska.Step{Do: alaska.DoAngler, Angler: alaska.Tourist, Section: 9}, "angler:tourist:9"},
	{"", alaska.Step{Do: alaska.DoEnd}, "end"},
	{"border-5", alaska.Step{Do: alaska.DoSalmon, At: 5}, "salmon:5"},
	{"section-6", alaska.Step{Do: alaska.DoEagle, Section: 6}, "eagle:section:6"},
	{"section-9", alaska.Step{Do: alaska.DoCast, Cards: []int{9}}, "cast:9"},
	{"section-5", alaska.Step{Do: alaska.DoCast, Cards: []int{5}}, "cast:5"},
	{"", alaska.Step{Do: alaska.DoEnd}, "end"},
}

// startAlaskaOnAPhone creates an Alaska table for Ana and Ben and starts
// it played along, Ana first, with pile cards in the draw pile ("" = the
// whole deck).
func startAlaskaOnAPhone(t *testing.T, ctx context.Context, base, pile string) {
	t.Helper()
	acts := []chromedp.Action{
		chromedp.Navigate(base + "/tables/new"),
		chromedp.SetValue(`#game`, alaska.Slug, chromedp.ByQuery),
		chromedp.SendKeys(`#player-0`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, "Ben", chromedp.ByQuery),
		tap(`[data-testid="create-table"]`),
		tap(`[data-testid="play-along"]`),
		tap(`[data-testid="first-0"]`),
	}
	if pile != "" {
		acts = append(acts, chromedp.SendKeys(`[data-testid="draw-pile"]`, pile, chromedp.ByQuery))
	}
	acts = append(acts, tap(`[data-testid="start-play"]`), chromedp.WaitVisible(`[data-testid="river"]`, chromedp.ByQuery))
	run(t, ctx, "create the table and start", acts...)
}

// TestPlayAlongAlaskaOnAPhone plays a whole game of Alaska along on a
// phone by tapping the river and the move buttons. After every move the
// salmon counts shown must be the engine's for the same steps, and the
// final score shown must be the engine's score of the same final state.
func TestPlayAlongAlaskaOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	players := []string{"Ana", "Ben"}
	setup := []byte(`{"first":"Ana","draw_pile":9}`)
	startAlaskaOnAPhone(t, ctx, base, "9")
	snapshot(t, ctx, "alaska-start")
	audit(t, ctx, "alaska play along")

	var steps [][]byte
	for i, m := range akGame {
		if m.target != "" {
			panel := `[data-testid="section-panel"]`
			if strings.HasPrefix(m.target, "border-") {
				panel = `[data-testid="place-panel"]`
			}
			run(t, ctx, fmt.Sprintf("tap %s for move %d", m.target, i+1), tap(fmt.Sprintf(`svg [data-testid=%q]`, m.target)), chromedp.WaitVisible(panel, chromedp.ByQuery))
			if m.button == "cast:3+5" {
				snapshot(t, ctx, "alaska-section")
				audit(t, ctx, "alaska section panel")
			}
		}
		run(t, ctx, fmt.Sprintf("move %d (%s)", i+1, m.button), tap(fmt.Sprintf(`button[name="move"][value=%q]`, m.button)))
		steps = append(steps, alaska.StepJSON(m.step))
		if i == len(akGame)-1 {
			break
		}
		waitTrue(t, ctx, "move recorded", fmt.Sprintf(`document.readyState === "complete" && !!document.querySelector('[data-testid="events"][data-step="%d"]')`, i+1))
		if i == 13 {
			// Ruling ALA-2: Ben's salmon on 5–6 lies beside the local on 6;
			// the river rings section 6 and its name says so.
			snapshot(t, ctx, "alaska-beside")
			var shared struct {
				Rings int    `json:"rings"`
				Label string `json:"label"`
			}
			run(t, ctx, "the shared section", chromedp.Evaluate(`({rings: document.querySelectorAll('svg .ak-shared-ring').length, label: document.querySelector('svg [data-testid="section-6"]').getAttribute("aria-label")})`, &shared))
			if shared.Rings != 1 || !strings.Contains(shared.Label, "lies beside the angler") {
				t.Errorf("section 6 shared with the local: %+v", shared)
			}
		}
		if i == 2 {
			snapshot(t, ctx, "alaska-catch")
			var hit string
			run(t, ctx, "the cast's section", chromedp.Evaluate(`document.querySelector('svg [data-testid="section-3"]').getAttribute("aria-label")`, &hit))
			if !strings.Contains(hit, "last cast") {
				t.Errorf("section 3 after the cast is named %q", hit)
			}
		}
		pos, err := alaska.Engine{}.Resume(players, setup, steps)
		if err != nil {
			t.Fatalf("engine replay after move %d: %v", i+1, err)
		}
		// One round trip reads what the page shows: salmon per player and
		// the heading.
		var shown struct {
			Salmon  map[string]string `json:"salmon"`
			Heading string            `json:"heading"`
		}
		run(t, ctx, "read the page", chromedp.Evaluate(`({salmon: Object.fromEntries([...document.querySelectorAll('[data-testid="seats"] [data-player]')].map(li => [li.dataset.player, li.querySelector('[data-testid="salmon-count"]').textContent])), heading: document.querySelector('[data-testid="to-move"]').textContent})`, &shown))
		for _, s := range pos.Players {
			if got := shown.Salmon[s.Name]; got != strconv.Itoa(s.Salmon) {
				t.Errorf("after move %d the page shows %s with %q salmon, the engine %d", i+1, s.Name, got, s.Salmon)
			}
		}
		if !strings.HasPrefix(shown.Heading, pos.ToMove()) {
			t.Errorf("after move %d the heading is %q, but %s is to move", i+1, shown.Heading, pos.ToMove())
		}
	}

	var verdict string
	run(t, ctx, "final score", chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
		chromedp.AttributeValue(`[data-testid="verdict"]`, "data-valid", &verdict, nil, chromedp.ByQuery))
	snapshot(t, ctx, "alaska-result")
	if verdict != "true" {
		t.Errorf("the guided game ended with an invalid state")
	}
	over, final, err := alaska.Engine{}.Guide(players, setup, steps)
	if err != nil || !over {
		t.Fatalf("engine replay of the scripted game: over=%v err=%v", over, err)
	}
	var state alaska.State
	if err := json.Unmarshal(final, &state); err != nil {
		t.Fatal(err)
	}
	res := alaska.Score(state)
	want := scoringResult{totals: map[string]int{}, winners: res.Winners}
	for _, p := range res.Players {
		want.totals[p.Name] = p.Total
	}
	checkTotals(t, ctx, want)
}

// TestAlaskaOpenWaterOnAPhone casts two cards that name no section from
// the folded open-water panel (ruling ALA-3): a hand of high cards can be
// played and the turn ends.
func TestAlaskaOpenWaterOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	startAlaskaOnAPhone(t, ctx, base, "")
	run(t, ctx, "open the open-water panel",
		tap(`[data-testid="open-water"] summary`),
		chromedp.WaitVisible(`[data-testid="open-pair"]`, chromedp.ByQuery),
		chromedp.SetValue(`[data-testid="pair-a"]`, "12", chromedp.ByQuery),
		chromedp.SetValue(`[data-testid="pair-b"]`, "13", chromedp.ByQuery),
	)
	snapshot(t, ctx, "alaska-open-water")
	audit(t, ctx, "alaska open water")
	run(t, ctx, "cast 12 + 13", tap(`[data-testid="open-pair"]`))
	waitTrue(t, ctx, "the cast is told", `!!document.querySelector('[data-testid="events"][data-step="1"]')`)
	var told string
	// In one evaluation: the live refresh may swap the page's main while
	// a query and a read of the node are two steps.
	run(t, ctx, "read the events", chromedp.Evaluate(`document.querySelector('[data-testid="events"]').innerText`, &told))
	if !strings.Contains(told, "Ana casts 12 + 13. The cast of 25 lands in open water") {
		t.Errorf("events %q", told)
	}
	run(t, ctx, "cast 11, then 0", tap(`[data-testid="open-water"] summary`), tap(`[data-testid="open-11"]`))
	waitTrue(t, ctx, "the second cast is told", `!!document.querySelector('[data-testid="events"][data-step="2"]')`)
	run(t, ctx, "cast 0", tap(`[data-testid="open-water"] summary`), tap(`[data-testid="open-0"]`))
	waitTrue(t, ctx, "the third cast is told", `!!document.querySelector('[data-testid="events"][data-step="3"]')`)
	run(t, ctx, "end the turn", tap(`[data-testid="end-turn"]`))
	waitTrue(t, ctx, "Ben's turn", `(document.querySelector('[data-testid="to-move"]') || {}).textContent === "Ben's turn"`)
}
