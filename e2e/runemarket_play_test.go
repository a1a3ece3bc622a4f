//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/runemarket"
)

// rmTurnMove is one move of the scripted game: what the phone does, the
// taps it takes and the same move as the engine's step JSON.
type rmTurnMove struct {
	what string
	acts []chromedp.Action
	taps int
	step string
}

func rmTap(what, testid, step string) rmTurnMove {
	return rmTurnMove{what: what, acts: []chromedp.Action{tap(`[data-testid="` + testid + `"]`)}, taps: 1, step: step}
}

// rmAct opens a hand-card or purchase section, fills its fields in order
// and sends it. A field is {name, value}: name "#id" taps the radio of
// that test id, "pad" taps the number card value on the section's card
// pad, any other name sets a select (a tap to choose) and tells the form.
func rmAct(what, section, submit, step string, fields ...[2]string) rmTurnMove {
	in := func(sel string) string { return `[data-testid="` + section + `"] ` + sel }
	m := rmTurnMove{what: what, acts: []chromedp.Action{tap(in("summary"))}, taps: 1, step: step}
	for _, f := range fields {
		name, v := f[0], f[1]
		switch {
		case strings.HasPrefix(name, "#"):
			m.acts = append(m.acts, tap(`[data-testid="`+name[1:]+`"]`))
		case name == "pad":
			m.acts = append(m.acts, tap(in(fmt.Sprintf(`[data-rm-card=%q]`, v))))
		default:
			sel := in(fmt.Sprintf(`[name=%q]`, name))
			m.acts = append(m.acts, chromedp.SetValue(sel, v, chromedp.ByQuery),
				chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).dispatchEvent(new Event("change", {bubbles: true}))`, sel), nil))
		}
		m.taps++
	}
	m.acts = append(m.acts, tap(`[data-testid="`+submit+`"]`))
	m.taps++
	return m
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
		chromedp.WaitVisible(`[data-testid="end-turn"]`, chromedp.ByQuery),
	)
	run(t, ctx, "set up the market", acts...)
	// Nobody has a shelter: the interest is taken by itself (#38).
	var skipped bool
	run(t, ctx, "no interest asked", chromedp.Evaluate(`!!document.querySelector('[data-testid="interest-skipped"]') && !document.querySelector('[data-testid="take-interest"]')`, &skipped))
	if !skipped {
		t.Error("the first turn asks for an interest there is none of")
	}
	setup := `{"market":{"red":4,"blue":3,"boat_shelters":1,"bandits":1},"first":"Ana"}`

	interest := rmTap("interest", "take-interest", `{"do":"interest"}`)
	draw := rmTap("draw", "draw", `{"do":"draw"}`)
	turns := [][]rmTurnMove{
		{ // Ana: no interest (taken by itself)
			rmAct("red shelter", "shelter", "go-shelter-red", `{"do":"shelter","colour":"red"}`),
			rmAct("red rune for 5", "rune", "go-rune", `{"do":"rune","colour":"red","cards":[5]}`, [2]string{"pad", "5"}),
			rmTap("rune into the shelter", "place-all-red|shelter", `{"do":"place","colour":"red","into":"shelter","count":1}`),
			draw},
		{ // Ben: no interest
			rmAct("blue shelter", "shelter", "go-shelter-blue", `{"do":"shelter","colour":"blue"}`),
			rmAct("blue rune for 10", "rune", "go-rune", `{"do":"rune","colour":"blue","cards":[10]}`, [2]string{"pad", "10"}, [2]string{"#rune-blue", ""}),
			rmTap("rune into the shelter", "place-all-blue|shelter", `{"do":"place","colour":"blue","into":"shelter","count":1}`),
			draw},
		{ // Cy, no interest, attacks Ben and wins a hand card
			rmAct("duel", "duel", "go-duel", `{"do":"duel","player":"Ben","card":12,"won":true,"steal":[{"from":"Ben","take":"hand_card"}]}`,
				[2]string{"player", "Ben"}, [2]string{"card", "12"}, [2]string{"#duel-won", ""}, [2]string{"steal", "Ben|hand_card"}),
			draw},
		{interest, // Ana earns 1 red rune
			rmAct("red rune for 2+3", "rune", "go-rune", `{"do":"rune","colour":"red","cards":[2,3]}`, [2]string{"pad", "2"}, [2]string{"pad", "3"}),
			draw},
		{interest, // Ben earns 1 blue, then buys a bandit with 21 in number cards
			rmAct("bandit", "buy-bandit", "go-buy-bandit", `{"do":"buy","item":"bandit","cards":[13,8],"player":"Ana","shelter":"red"}`,
				[2]string{"pay", "cards"}, [2]string{"pad", "13"}, [2]string{"pad", "8"}, [2]string{"target", "Ana|red"}),
			draw},
		{ // Cy: no shelter, no interest
			rmAct("boat shelter", "buy-boat", "go-buy-boat", `{"do":"buy","item":"boat_shelter","cards":[10,11],"into":"alone"}`,
				[2]string{"pay", "cards"}, [2]string{"pad", "10"}, [2]string{"pad", "11"}, [2]string{"into", "alone"}),
			rmAct("last blue rune", "rune", "go-rune", `{"do":"rune","colour":"blue","cards":[5]}`, [2]string{"pad", "5"}, [2]string{"#rune-blue", ""}),
			draw},
		{interest, // Ana: Ben's bandit takes a red rune; Ana buys the market's last rune
			rmAct("last red rune", "rune", "go-rune", `{"do":"rune","colour":"red","cards":[7,8]}`, [2]string{"pad", "7"}, [2]string{"pad", "8"})},
	}
	var steps [][]byte
	for turn, moves := range turns {
		taps := 0
		for _, m := range moves {
			taps += m.taps
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
			if m.what == "red rune for 5" { // the pad writes the card and its sum
				run(t, ctx, "open the rune", tap(`[data-testid="rune"] summary`), tap(`[data-testid="rune"] [data-rm-card="5"]`))
				var typed, sum string
				run(t, ctx, "the pad's card", chromedp.Value(`[data-testid="rune"] [name="cards"]`, &typed, chromedp.ByQuery),
					chromedp.Text(`[data-testid="rune"] [data-testid="cards-sum"]`, &sum, chromedp.ByQuery))
				if typed != "5" || sum != "5" {
					t.Errorf("the pad wrote %q, sum %q", typed, sum)
				}
				var fit struct {
					Wide     bool
					Smallest float64
				}
				run(t, ctx, "the pad fits", chromedp.Evaluate(`({Wide: document.documentElement.scrollWidth > innerWidth,
					Smallest: Math.min(...[...document.querySelectorAll('[data-testid="rune"] [data-rm-pad] button')].map(b => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height)))})`, &fit))
				if fit.Wide || fit.Smallest < 44 {
					t.Errorf("the card pad scrolls sideways (%v) or has a key smaller than 44 px (%.0f)", fit.Wide, fit.Smallest)
				}
				m.acts = m.acts[2:] // already open, 5 tapped
			}
			run(t, ctx, fmt.Sprintf("turn %d: %s", turn+1, m.what), m.acts...)
			waitTrue(t, ctx, fmt.Sprintf("turn %d: %s recorded", turn+1, m.what),
				fmt.Sprintf(`document.readyState === "complete" && !!document.querySelector("[data-head]") && document.querySelector("[data-head]").dataset.head !== %q && !document.querySelector(".banner-bad")`, head))
			steps = append(steps, []byte(m.step))
		}
		t.Logf("turn %d: %d taps", turn+1, taps)
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

// The Rune Market's turn in German on a 360×740 phone (#38): the card pad,
// the one-tap placing of a loose rune and the interest taken by itself
// fit the screen's width, every key a 44 px target.
func TestRuneMarketTurnInGermanAt360(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	run(t, ctx, "a German 360px phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Navigate(base+"/lang?to=de&back=/"), chromedp.WaitReady(`body`, chromedp.ByQuery))
	run(t, ctx, "start The Rune Market",
		chromedp.Navigate(base+"/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, runemarket.Slug, chromedp.ByQuery),
		chromedp.SendKeys(`#player-0`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, "Ben", chromedp.ByQuery),
		tap(`[data-testid="create-table"]`),
		tap(`[data-testid="play-along"]`),
		chromedp.WaitVisible(`#m-red`, chromedp.ByQuery),
		chromedp.SendKeys(`#m-red`, "4", chromedp.ByQuery),
		chromedp.SendKeys(`#m-blue`, "3", chromedp.ByQuery),
		chromedp.SendKeys(`#m-boat_shelters`, "1", chromedp.ByQuery),
		chromedp.SendKeys(`#m-bandits`, "1", chromedp.ByQuery),
		tap(`[data-testid="start-play"]`),
		chromedp.WaitVisible(`[data-testid="interest-skipped"]`, chromedp.ByQuery),
		tap(`[data-testid="shelter"] summary`), tap(`[data-testid="go-shelter-red"]`),
		chromedp.WaitVisible(`[data-testid="last-move"]`, chromedp.ByQuery),
		tap(`[data-testid="rune"] summary`), tap(`[data-testid="rune"] [data-rm-card="5"]`), tap(`[data-testid="go-rune"]`),
		chromedp.WaitVisible(`[data-testid="place-all"]`, chromedp.ByQuery),
		tap(`[data-testid="rune"] summary`))
	var fit struct {
		Wide     bool
		Smallest float64
		Place    string
	}
	run(t, ctx, "measure", chromedp.Evaluate(`({Wide: document.documentElement.scrollWidth > innerWidth,
		Smallest: Math.min(...[...document.querySelectorAll('[data-rm-pad] button, [data-testid="place-all"] button')].filter(b => b.offsetParent).map(b => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height))),
		Place: document.querySelector('[data-testid="place-all"] button').textContent})`, &fit))
	snapshot(t, ctx, "rune-market-de-360")
	if fit.Wide || fit.Smallest < 44 {
		t.Errorf("at 360 px in German the turn scrolls sideways (%v) or a key is under 44 px (%.0f)", fit.Wide, fit.Smallest)
	}
	if fit.Place != "Die rote Rune in den roten Unterstand legen" {
		t.Errorf("the one-tap place reads %q", fit.Place)
	}
}
