//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/runemarket"
)

// rmTurnMove is one move of the scripted game: what the phone does and
// the same move as the engine's step JSON.
type rmTurnMove struct {
	what string
	acts []chromedp.Action
	step string
}

func rmTap(what, testid, step string) rmTurnMove {
	return rmTurnMove{what: what, acts: []chromedp.Action{tap(`[data-testid="` + testid + `"]`)}, step: step}
}

// rmAct opens a hand-card or purchase section, fills its fields and sends it.
func rmAct(what, section, submit, step string, fields map[string]string) rmTurnMove {
	acts := []chromedp.Action{tap(`[data-testid="` + section + `"] summary`)}
	for name, v := range fields {
		sel := fmt.Sprintf(`[data-testid=%q] [name=%q]`, section, name)
		if strings.HasPrefix(name, "#") { // a radio button by test id
			acts = append(acts, tap(`[data-testid="`+name[1:]+`"]`))
			continue
		}
		acts = append(acts, chromedp.SetValue(sel, v, chromedp.ByQuery))
	}
	acts = append(acts, tap(`[data-testid="`+submit+`"]`))
	return rmTurnMove{what: what, acts: acts, step: step}
}

// A whole guided game of The Rune Market on a phone, three players: the
// market is counted, then every turn goes through its phases — interest
// (including a bandit's take), purchases, hand cards (rune buys, shelters,
// a duel, a bandit and a boat shelter bought with number cards) and the
// draw — until the market's last rune is taken. The ranking shown at the
// end and the game's score page must equal the engine's score of the same
// game.
func TestPlayAlongRuneMarketOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	players := []string{"Ana", "Ben", "Cy"}
	acts := []chromedp.Action{
		chromedp.Navigate(base + "/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, runemarket.Slug, chromedp.ByQuery),
	}
	for i, n := range players {
		acts = append(acts, chromedp.SendKeys(fmt.Sprintf(`#player-%d`, i), n, chromedp.ByQuery))
	}
	acts = append(acts,
		tap(`[data-testid="create-table"]`),
		tap(`[data-testid="play-along"]`),
		chromedp.WaitVisible(`#m-red`, chromedp.ByQuery),
		chromedp.SendKeys(`#m-red`, "4", chromedp.ByQuery),
		chromedp.SendKeys(`#m-blue`, "3", chromedp.ByQuery),
		chromedp.SendKeys(`#m-boat_shelters`, "1", chromedp.ByQuery),
		chromedp.SendKeys(`#m-bandits`, "1", chromedp.ByQuery),
		tap(`[data-testid="first-0"]`),
		tap(`[data-testid="start-play"]`),
		chromedp.WaitVisible(`[data-testid="take-interest"]`, chromedp.ByQuery),
	)
	run(t, ctx, "set up the market", acts...)
	snapshot(t, ctx, "rune-market-interest")
	setup := `{"market":{"red":4,"blue":3,"boat_shelters":1,"bandits":1},"first":"Ana"}`

	interest := rmTap("interest", "take-interest", `{"do":"interest"}`)
	draw := rmTap("draw", "draw", `{"do":"draw"}`)
	turns := [][]rmTurnMove{
		{interest, // Ana
			rmAct("red shelter", "shelter", "go-shelter-red", `{"do":"shelter","colour":"red"}`, nil),
			rmAct("red rune for 5", "rune", "go-rune", `{"do":"rune","colour":"red","cards":[5]}`, map[string]string{"cards": "5"}),
			rmAct("rune into the shelter", "place", "go-place", `{"do":"place","colour":"red","into":"shelter","count":1}`, map[string]string{"what": "red|shelter", "count": "1"}),
			draw},
		{interest, // Ben
			rmAct("blue shelter", "shelter", "go-shelter-blue", `{"do":"shelter","colour":"blue"}`, nil),
			rmAct("blue rune for 10", "rune", "go-rune", `{"do":"rune","colour":"blue","cards":[10]}`, map[string]string{"cards": "10", "#rune-blue": ""}),
			rmAct("rune into the shelter", "place", "go-place", `{"do":"place","colour":"blue","into":"shelter","count":1}`, map[string]string{"what": "blue|shelter", "count": "1"}),
			draw},
		{interest, // Cy attacks Ben and wins a hand card
			rmAct("duel", "duel", "go-duel", `{"do":"duel","player":"Ben","card":12,"won":true,"steal":[{"from":"Ben","take":"hand_card"}]}`,
				map[string]string{"player": "Ben", "card": "12", "#duel-won": "", "steal": "Ben|hand_card"}),
			draw},
		{interest, // Ana earns 1 red rune
			rmAct("red rune for 2+3", "rune", "go-rune", `{"do":"rune","colour":"red","cards":[2,3]}`, map[string]string{"cards": "2 3"}),
			draw},
		{interest, // Ben earns 1 blue, then buys a bandit with 21 in number cards
			rmAct("bandit", "buy-bandit", "go-buy-bandit", `{"do":"buy","item":"bandit","cards":[13,8],"player":"Ana","shelter":"red"}`,
				map[string]string{"pay": "cards", "cards": "13 8", "target": "Ana|red"}),
			draw},
		{interest, // Cy
			rmAct("boat shelter", "buy-boat", "go-buy-boat", `{"do":"buy","item":"boat_shelter","cards":[10,11],"into":"alone"}`,
				map[string]string{"pay": "cards", "cards": "10 11", "into": "alone"}),
			rmAct("last blue rune", "rune", "go-rune", `{"do":"rune","colour":"blue","cards":[5]}`, map[string]string{"cards": "5", "#rune-blue": ""}),
			draw},
		{interest, // Ana: Ben's bandit takes a red rune; Ana buys the market's last rune
			rmAct("last red rune", "rune", "go-rune", `{"do":"rune","colour":"red","cards":[7,8]}`, map[string]string{"cards": "7 8"})},
	}
	var steps [][]byte
	for turn, moves := range turns {
		for _, m := range moves {
			var head string
			run(t, ctx, "read the table version", chromedp.AttributeValue(`[data-head]`, "data-head", &head, nil, chromedp.ByQuery))
			if m.what == "interest" && turn == 6 {
				var text string
				run(t, ctx, "interest shown", chromedp.Text(`[data-testid="interest"]`, &text, chromedp.ByQuery))
				if !strings.Contains(text, "Ben's bandit sits here: no interest") {
					t.Errorf("turn 7's interest does not show the bandit's take: %q", text)
				}
				snapshot(t, ctx, "rune-market-bandit")
				audit(t, ctx, "the interest phase")
			}
			if m.what == "bandit" {
				// The purchase forms open, with their prices and choices.
				run(t, ctx, "open the bandit purchase", tap(`[data-testid="buy-bandit"] summary`))
				var price string
				run(t, ctx, "price", chromedp.Text(`main`, &price, chromedp.ByQuery))
				if !strings.Contains(price, "costs 3 runes of one colour") {
					t.Errorf("the 3-player price is not shown")
				}
				snapshot(t, ctx, "rune-market-purchases")
				audit(t, ctx, "the purchases phase")
				m.acts = m.acts[1:] // already open
			}
			run(t, ctx, fmt.Sprintf("turn %d: %s", turn+1, m.what), m.acts...)
			waitTrue(t, ctx, fmt.Sprintf("turn %d: %s recorded", turn+1, m.what),
				fmt.Sprintf(`document.readyState === "complete" && !!document.querySelector("[data-head]") && document.querySelector("[data-head]").dataset.head !== %q && !document.querySelector(".banner-bad")`, head))
			steps = append(steps, []byte(m.step))
		}
		if turn < len(turns)-1 {
			var who string
			run(t, ctx, "whose turn", chromedp.Text(`[data-testid="to-move"]`, &who, chromedp.ByQuery))
			if want := players[(turn+1)%3] + "’s turn"; who != want {
				t.Fatalf("after turn %d: %q, want %q", turn+1, who, want)
			}
		}
	}

	// The end: announced, with the ranking by the tie-break chain.
	run(t, ctx, "the end", chromedp.WaitVisible(`[data-testid="game-end"]`, chromedp.ByQuery))
	snapshot(t, ctx, "rune-market-end")
	audit(t, ctx, "the end of the game")
	steps = append(steps, []byte(`{"do":"finish"}`))
	over, final, err := runemarket.Engine{}.Guide(players, []byte(setup), steps)
	if err != nil || !over {
		t.Fatalf("engine replay of the scripted game: over=%v err=%v", over, err)
	}
	res, err := runemarket.Engine{}.Check(final)
	if err != nil || !res.Valid {
		t.Fatalf("engine score: %+v %v", res, err)
	}
	state, _ := runemarket.Decode(final)
	ranking := runemarket.Ranking(state)
	var first string
	run(t, ctx, "ranking", chromedp.AttributeValue(`[data-testid="ranking"] tbody tr`, "data-player", &first, nil, chromedp.ByQuery))
	if first != ranking[0].Name {
		t.Errorf("first in the ranking shown: %s, engine: %s", first, ranking[0].Name)
	}
	for _, p := range res.Players {
		var got string
		run(t, ctx, "ranking total of "+p.Name, chromedp.Text(fmt.Sprintf(`[data-testid="ranking"] tr[data-player=%q] [data-testid="rank-total"]`, p.Name), &got, chromedp.ByQuery))
		if got != fmt.Sprint(p.Total) {
			t.Errorf("%s's total in the ranking = %q, engine %d", p.Name, got, p.Total)
		}
	}
	run(t, ctx, "finish", tap(`[data-testid="finish"]`), chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery))
	var verdict string
	run(t, ctx, "verdict", chromedp.AttributeValue(`[data-testid="verdict"]`, "data-valid", &verdict, nil, chromedp.ByQuery))
	if verdict != "true" {
		t.Errorf("the guided game ended with an invalid state")
	}
	want := scoringResult{totals: map[string]int{}, winners: res.Winners}
	for _, p := range res.Players {
		want.totals[p.Name] = p.Total
	}
	if want.totals["Ben"] != 3 || want.totals["Ana"] != 2 || want.totals["Cy"] != 2 {
		t.Errorf("the script's own arithmetic: %v", want.totals)
	}
	checkTotals(t, ctx, want)
}
