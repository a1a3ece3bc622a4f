//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/cambio"
)

// TestCambioGameOnAPhone plays testdata/three-rounds-to-50.json round by
// round on the round editor, tapping card chips and how the round ended
// (ruling CAM-3: the caller, a required choice), until Ana passes 50: totals 61/36/19, Cy wins, the caller bonuses show in
// game 1's breakdown.
func TestCambioGameOnAPhone(t *testing.T) {
	t.Parallel()
	body, err := os.ReadFile("../scoring/cambio/testdata/three-rounds-to-50.json")
	if err != nil {
		t.Fatal(err)
	}
	game, err := cambio.Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	base := startServer(t)
	ctx := phone(t)
	run(t, ctx, "start a Cambio table",
		chromedp.Navigate(base+"/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, "cambio", chromedp.ByQuery),
		chromedp.SendKeys(`#name`, "Cambio night", chromedp.ByQuery),
		chromedp.SendKeys(`#player-0`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, "Ben", chromedp.ByQuery),
		chromedp.SendKeys(`#player-2`, "Cy", chromedp.ByQuery),
		tap(`[data-testid="create-table"]`),
		chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
	)
	rounds := len(game.Players[0].Rounds)
	for j := range rounds {
		var heading string
		run(t, ctx, fmt.Sprintf("open round %d", j+1),
			tap(`[data-testid="enter-game"]`),
			chromedp.WaitVisible(`[data-testid="submit-round"]`, chromedp.ByQuery),
			chromedp.Text(`[data-testid="round-heading"]`, &heading, chromedp.ByQuery),
		)
		if want := fmt.Sprintf("Game 1 · round %d", j+1); heading != want {
			t.Errorf("heading %q, want %q", heading, want)
		}
		caller, out := "none", ""
		for i, p := range game.Players {
			r := p.Rounds[j]
			var acts []chromedp.Action
			var tokens []string
			for _, c := range r.Cards {
				acts = append(acts, tap(fmt.Sprintf(`fieldset[data-player=%q] .card-pad button[data-card=%q]`, p.Name, c.String())))
				tokens = append(tokens, c.String())
			}
			if j == 0 && i == 0 { // a wrong tap, taken back
				acts = append(acts,
					tap(fmt.Sprintf(`fieldset[data-player=%q] .card-pad button[data-card="energy"]`, p.Name)),
					tap(fmt.Sprintf(`fieldset[data-player=%q] .card-pad button[data-action="back"]`, p.Name)))
			}
			var value, sum string
			acts = append(acts,
				chromedp.Value(fmt.Sprintf(`#p%d-cards`, i), &value, chromedp.ByQuery),
				chromedp.Text(fmt.Sprintf(`fieldset[data-player=%q] [data-testid="round-sum"]`, p.Name), &sum, chromedp.ByQuery))
			run(t, ctx, fmt.Sprintf("round %d: %s's cards", j+1, p.Name), acts...)
			if value != strings.Join(tokens, " ") {
				t.Errorf("round %d: %s's cards field %q, want %q", j+1, p.Name, value, strings.Join(tokens, " "))
			}
			if want := cambio.Points(cambio.RoundSum(r.Cards)); sum != want {
				t.Errorf("round %d: %s's round sum %q, want %s", j+1, p.Name, sum, want)
			}
			if r.Cambio {
				caller = fmt.Sprintf("cambio:%d", i)
			}
			if len(r.Cards) == 0 && out == "" {
				out = fmt.Sprintf("out:%d", i)
			}
		}
		if j == 0 {
			snapshot(t, ctx, "cambio-round-editor")
			audit(t, ctx, "cambio round editor")
			// Ruling CAM-3: how the round ended is a required choice; saving
			// without it keeps the cards typed and says what is missing.
			var msg string
			run(t, ctx, "round 1 saved without saying how it ended",
				tap(`[data-testid="submit-round"]`),
				chromedp.WaitVisible(`#err-ended`, chromedp.ByQuery),
				chromedp.Text(`#err-ended`, &msg, chromedp.ByQuery),
			)
			if !strings.Contains(msg, "Choose how the round ended") {
				t.Errorf("missing round end: %q", msg)
			}
		}
		ended := caller
		if ended == "none" {
			ended = out
		}
		sel := fmt.Sprintf(`input[name="ended"][value=%q]`, ended)
		acts := []chromedp.Action{tap(sel), tap(`[data-testid="submit-round"]`)}
		if j == rounds-1 { // the round that ends the game opens on its ranking
			var first string
			acts = append(acts, chromedp.WaitVisible(`[data-testid="ranking"]`, chromedp.ByQuery),
				chromedp.AttributeValue(`[data-testid="ranking"] li.rank-win`, "data-player", &first, nil, chromedp.ByQuery),
				tap(`.actions a.btn-primary[href^="/tables/"]`))
			defer func() {
				if first != "Cy" {
					t.Errorf("the game's ranking opens with %q, want Cy", first)
				}
			}()
		}
		acts = append(acts, chromedp.WaitVisible(`[data-testid="current-game"], [data-testid="game-over"], [data-testid="standings"]`, chromedp.ByQuery))
		run(t, ctx, fmt.Sprintf("round %d: %s, save", j+1, ended), acts...)
		snapshot(t, ctx, fmt.Sprintf("cambio-table-round-%d", j+1))
	}

	var winner, over string
	run(t, ctx, "game over",
		chromedp.Text(`[data-testid="game-winner"]`, &winner, chromedp.ByQuery),
		chromedp.Text(`[data-testid="game-over"]`, &over, chromedp.ByQuery),
	)
	if winner != "Cy" || !strings.Contains(over, "Game 1 is over after 3 rounds") {
		t.Errorf("winner %q, banner %q", winner, over)
	}
	for name, want := range map[string]string{"Ana": "61", "Ben": "36", "Cy": "19"} {
		var total string
		run(t, ctx, "total of "+name, chromedp.Text(fmt.Sprintf(`tr[data-player=%q] [data-testid="total"]`, name), &total, chromedp.ByQuery))
		if total != want {
			t.Errorf("%s's total %q, want %s", name, total, want)
		}
	}
	var enter string
	run(t, ctx, "next round starts game 2", chromedp.Text(`[data-testid="enter-game"]`, &enter, chromedp.ByQuery))
	if enter != "Enter game 2" {
		t.Errorf("button %q, want Enter game 2", enter)
	}

	var page string
	run(t, ctx, "game 1's breakdown",
		tap(`[data-testid="game-over"] a`),
		chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
		chromedp.TextContent(`main`, &page, chromedp.ByQuery),
	)
	snapshot(t, ctx, "cambio-result")
	for _, want := range []string{"round 1: Cambio called, fewest (−5)", "round 2: Cambio called, fewest (−5)", "round 3: Cambio called, not fewest (+5)", "Cy"} {
		if !strings.Contains(page, want) {
			t.Errorf("game 1's result page lacks %q", want)
		}
	}
}
