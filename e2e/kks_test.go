//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// kksPlayer is what one player has at the end of a game, in the score-check
// notation, and what the rules say it scores.
type kksPlayer struct {
	name    string
	tokens  int
	display map[string]string
	total   string
}

// The "kks-3p-simulated" case of docs/examples/score-cases.json.
var kksGame = []kksPlayer{
	{"Amelia", 1, map[string]string{"red": "10 x9 5", "yellow": "8 10 x1 9 x", "black": "9", "blue": "3 4 6"}, "62"},
	{"Victor", 7, map[string]string{"red": "3 4", "yellow": "5 x", "black": "8 x3 6 x", "blue": "9 x 10 x"}, "47"},
	{"Enrique", 11, map[string]string{"red": "1 7", "yellow": "6 7", "black": "4 x 5 10 x", "blue": "8 x 2"}, "58"},
}

// tapStack enters a stack with the player's card pad: one tap per card,
// "x" on the colour's face-down back. A face-down card whose value is
// known ("x9") has no button: such a stack is typed ("Type instead").
func tapStack(player, colour, stack string) []chromedp.Action {
	seat := fmt.Sprintf(`fieldset[data-player=%q] `, player)
	if hasKnownFaceDown(stack) {
		input := seat + fmt.Sprintf(`input[data-stack=%q]`, colour)
		return []chromedp.Action{
			tap(seat + `[data-action="type"][aria-pressed="false"]`),
			chromedp.SendKeys(input, stack, chromedp.ByQuery),
			tap(seat + `[data-action="type"][aria-pressed="true"]`),
		}
	}
	var acts []chromedp.Action
	for _, card := range strings.Fields(stack) {
		acts = append(acts, tap(seat+fmt.Sprintf(`.padrow[data-colour=%q] [data-value=%q]`, colour, card)))
	}
	return acts
}

// hasKnownFaceDown reports whether a stack holds a face-down card with
// its value ("x9").
func hasKnownFaceDown(stack string) bool {
	for _, c := range strings.Fields(stack) {
		if len(c) > 1 && c[0] == 'x' {
			return true
		}
	}
	return false
}

func TestKKSEveningOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)

	var empty string
	run(t, ctx, "open home",
		chromedp.Navigate(base+"/"),
		chromedp.Text(`[data-testid="no-tables"]`, &empty, chromedp.ByQuery),
		tap(`[data-testid="start-table"]`),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, "koffer-katze-sombrero", chromedp.ByQuery),
		chromedp.SendKeys(`#name`, "Friday night", chromedp.ByQuery),
		chromedp.SendKeys(`#player-0`, "Amelia", chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, "Victor", chromedp.ByQuery),
		chromedp.SendKeys(`#player-2`, "Enrique", chromedp.ByQuery),
		tap(`[data-testid="create-table"]`),
		chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
		tap(`[data-testid="enter-game"]`),
		chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery),
	)
	snapshot(t, ctx, "kks-entry-empty")
	for i, p := range kksGame {
		var acts []chromedp.Action
		for _, colour := range []string{"red", "yellow", "black", "blue"} {
			acts = append(acts, tapStack(p.name, colour, p.display[colour])...)
		}
		// Tokens: one tap on the number; then the next player's pad.
		acts = append(acts, tap(fmt.Sprintf(`fieldset[data-player=%q] [data-tokens="%d"]`, p.name, p.tokens)))
		if i < len(kksGame)-1 {
			acts = append(acts, tap(fmt.Sprintf(`fieldset[data-player=%q] [data-action="next"]`, p.name)))
		}
		run(t, ctx, "enter "+p.name, acts...)
		for colour, want := range p.display {
			var got string
			run(t, ctx, "read "+p.name+" "+colour, chromedp.Value(fmt.Sprintf(`#p%d-%s`, i, colour), &got, chromedp.ByQuery))
			if got != want {
				t.Fatalf("%s %s: the pad entered %q, want %q", p.name, colour, got, want)
			}
		}
	}
	snapshot(t, ctx, "kks-entry-filled")
	var verdict string
	run(t, ctx, "submit the game",
		tap(`[data-testid="submit-scores"]`),
		chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="winners"]`, &verdict, chromedp.ByQuery),
	)
	snapshot(t, ctx, "kks-result")
	if !strings.Contains(verdict, "Amelia wins") {
		t.Errorf("verdict %q, want Amelia wins", verdict)
	}
	for _, p := range kksGame {
		var total string
		run(t, ctx, "total of "+p.name, chromedp.Text(fmt.Sprintf(`[data-player=%q] [data-testid="player-total"]`, p.name), &total, chromedp.ByQuery))
		if total != p.total {
			t.Errorf("%s's total on the result page = %q, want %s", p.name, total, p.total)
		}
	}

	// Back at the table: running totals and the leader.
	var leader string
	run(t, ctx, "table page",
		tap(`a.btn-primary[href^="/tables/"]`),
		chromedp.WaitVisible(`[data-testid="standings"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="leader"]`, &leader, chromedp.ByQuery),
	)
	snapshot(t, ctx, "kks-table")
	if !strings.Contains(leader, "Amelia leads") {
		t.Errorf("leader banner %q, want Amelia leads", leader)
	}
	for _, p := range kksGame {
		var total string
		run(t, ctx, "standing of "+p.name, chromedp.Text(fmt.Sprintf(`tr[data-player=%q] [data-testid="total"]`, p.name), &total, chromedp.ByQuery))
		if total != p.total {
			t.Errorf("%s's running total = %q, want %s", p.name, total, p.total)
		}
	}
}
