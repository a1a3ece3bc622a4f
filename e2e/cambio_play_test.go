//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/cambio"
	"tablemate/scoring/kodiak"
	"tablemate/views"
)

// playMove is one tap on a play-along page and what the page shows after
// it: wait is a JavaScript condition on the new page.
type playMove struct {
	what string
	taps []string
	wait string
}

// toMove is the condition "the page shows name as the player to move".
func toMove(name string) string {
	return fmt.Sprintf(`(document.querySelector('[data-testid="to-move"]') || {}).textContent === %q`, name)
}

// shows is the condition "the element's text contains text".
func shows(testid, text string) string {
	return fmt.Sprintf(`((document.querySelector('[data-testid=%q]') || {}).textContent || "").includes(%q)`, testid, text)
}

func playMoves(t *testing.T, ctx context.Context, moves []playMove) {
	t.Helper()
	for _, m := range moves {
		var acts []chromedp.Action
		for _, sel := range m.taps {
			acts = append(acts, tap(sel))
		}
		run(t, ctx, m.what, acts...)
		waitTrue(t, ctx, m.what, `document.readyState === "complete" && `+m.wait)
	}
}

// tapCards taps a player's cards on the round's card pad.
func tapCards(player string, tokens ...string) []string {
	var out []string
	for _, tok := range tokens {
		out = append(out, fmt.Sprintf(`fieldset[data-player=%q] .card-pad button[data-card=%q]`, player, tok))
	}
	return out
}

func startPlayAlong(t *testing.T, ctx context.Context, base, game, firstSeat string, names ...string) {
	t.Helper()
	acts := []chromedp.Action{
		chromedp.Navigate(base + "/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, game, chromedp.ByQuery),
		chromedp.SendKeys(`#name`, "Play-along night", chromedp.ByQuery),
	}
	for i, n := range names {
		acts = append(acts, chromedp.SendKeys(fmt.Sprintf(`#player-%d`, i), n, chromedp.ByQuery))
	}
	acts = append(acts,
		tapToPage(`[data-testid="create-table"]`),
		tapToPage(`[data-testid="play-along"]`),
		tap(`[data-testid="first-`+firstSeat+`"]`),
		tap(`[data-testid="start-play"]`),
		chromedp.WaitVisible(`[data-testid="to-move"]`, chromedp.ByQuery),
	)
	run(t, ctx, "start playing "+game+" along", acts...)
}

// TestPlayAlongCambioOnAPhone plays two rounds of Cambio along on a phone:
// a penalty card, a Cambio call with everyone's last turn, a player with
// no cards, each round's cards tapped on the card pad. Ben passes 50 after
// round 2 and the game's score page shows the engine's totals and winner.
func TestPlayAlongCambioOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	names := []string{"Ana", "Ben", "Cy"}
	startPlayAlong(t, ctx, base, "cambio", "0", names...)
	var dealer string
	run(t, ctx, "round 1", chromedp.Text(`[data-testid="dealer"]`, &dealer, chromedp.ByQuery),
		chromedp.WaitVisible(`[data-testid="first-look"]`, chromedp.ByQuery))
	if dealer != "Dealer: Ana" {
		t.Errorf("round 1: %q", dealer)
	}
	snapshot(t, ctx, "cambio-play-turn")
	audit(t, ctx, "cambio play turn")

	// The same game as the engine's steps, to score it independently.
	hands := [][][]string{
		{{"1", "2"}, {"13", "blue-king"}, {"10", "swap", "3"}},
		{{"blue-king", "13"}, {"13", "12"}, {}},
	}
	round := func(j, caller int) *cambio.RoundEntry {
		r := &cambio.RoundEntry{}
		for i, n := range names {
			rp := cambio.RoundPlayer{Name: n, Cambio: i == caller}
			for _, tok := range hands[j][i] {
				c, _ := cambio.ParseCard(tok)
				rp.Cards = append(rp.Cards, c)
			}
			r.Players = append(r.Players, rp)
		}
		return r
	}
	steps := []cambio.Step{
		{Action: cambio.ActDone, Seat: 0}, {Action: cambio.ActDone, Seat: 1},
		{Action: cambio.ActPenalty, Seat: 2, Delta: 1}, {Action: cambio.ActDone, Seat: 2},
		{Action: cambio.ActCambio, Seat: 0}, {Action: cambio.ActDone, Seat: 1}, {Action: cambio.ActDone, Seat: 2},
		{Action: cambio.ActScore, Round: round(0, 0)},
		{Action: cambio.ActDone, Seat: 1}, {Action: cambio.ActOut, Seat: 2},
		{Action: cambio.ActScore, Round: round(1, cambio.NoCaller)},
	}

	playMoves(t, ctx, []playMove{
		{"Ana's turn", []string{`[data-testid="turn-done"]`}, toMove("Ben")},
		{"Ben's turn", []string{`[data-testid="turn-done"]`}, toMove("Cy")},
		{"Cy draws a penalty card", []string{`[data-player="Cy"] [data-testid="penalty-plus"]`}, `document.querySelector('[data-player="Cy"] [data-testid="penalty-count"]').textContent === "1"`},
		{"Cy's turn", []string{`[data-testid="turn-done"]`}, toMove("Ana")},
		// Ruling CAM-3: Ana's cards are frozen, so she is not offered as
		// running out of cards, and the panel says why.
		{"Ana calls Cambio", []string{`[data-testid="call-cambio"]`}, toMove("Ben") + ` && ` + shows("cambio-called", "Last turns: Ben and Cy") + ` && !document.querySelector('[data-testid="call-cambio"]')` +
			` && !document.querySelector('[data-testid="out-0"]') && !!document.querySelector('[data-testid="out-1"]') && ` + shows("frozen", "Ana's cards are frozen")},
		{"Ben's last turn", []string{`[data-testid="turn-done"]`}, toMove("Cy")},
		{"Cy's last turn", []string{`[data-testid="turn-done"]`}, shows("round-closed", "Ana called Cambio")},
	})
	var hint string
	run(t, ctx, "Cy's expected cards", chromedp.Text(`[data-player="Cy"] [data-testid="expected-cards"]`, &hint, chromedp.ByQuery))
	if !strings.Contains(hint, "= 5 cards") {
		t.Errorf("Cy's hint %q, want 4 dealt + 1 penalty card", hint)
	}
	snapshot(t, ctx, "cambio-play-scoring")
	audit(t, ctx, "cambio play scoring")
	var score1 []string
	for i, n := range names {
		score1 = append(score1, tapCards(n, hands[0][i]...)...)
	}
	playMoves(t, ctx, []playMove{
		{"score round 1", append(score1, `[data-testid="submit-round"]`), toMove("Ben") + ` && ` + shows("dealer", "Dealer: Ben")},
	})
	// The totals shown after round 1 are the engine's.
	pos, err := cambio.Start(names, cambio.Setup{})
	if err != nil {
		t.Fatal(err)
	}
	var raw [][]byte
	for i, s := range steps {
		raw = append(raw, cambio.StepJSON(s))
		next, serr := pos.Apply(s)
		if serr != nil {
			t.Fatalf("scripted step %d: %v", i+1, serr)
		}
		pos = next
		if i == 7 {
			var shown []string
			run(t, ctx, "totals after round 1", chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="play-total"]')].map(e => e.textContent)`, &shown))
			var want []string
			for _, p := range pos.Result().Players {
				want = append(want, views.Score(p.Total))
			}
			if strings.Join(shown, " ") != strings.Join(want, " ") {
				t.Errorf("totals after round 1: %v, engine %v", shown, want)
			}
		}
	}
	playMoves(t, ctx, []playMove{
		{"Ben's turn", []string{`[data-testid="turn-done"]`}, toMove("Cy")},
		{"Cy has no cards", []string{`[data-testid="no-cards"] summary`, `[data-testid="out-2"]`}, shows("round-closed", "Cy has no cards left")},
	})

	var score2 []string
	for i, n := range names {
		score2 = append(score2, tapCards(n, hands[1][i]...)...)
	}
	playMoves(t, ctx, []playMove{
		{"score round 2", append(score2, `[data-testid="submit-round"]`), `!!document.querySelector('[data-testid="verdict"]')`},
	})
	over, final, err := cambio.Engine{}.Guide(names, cambio.SetupJSON(cambio.Setup{}), raw)
	if err != nil || !over {
		t.Fatalf("the engine does not end the scripted game: %v %v", over, err)
	}
	res, err := cambio.Engine{}.Check(final)
	if err != nil || !res.Valid {
		t.Fatalf("engine result: %v %+v", err, res)
	}
	want := scoringResult{totals: map[string]int{}, winners: res.Winners}
	for _, p := range res.Players {
		want.totals[p.Name] = p.Total
	}
	if want.totals["Ben"] < 50 || strings.Join(res.Winners, ",") != "Cy" {
		t.Fatalf("the script should end with Ben past 50 and Cy winning: %+v", want)
	}
	snapshot(t, ctx, "cambio-play-end")
	checkTotals(t, ctx, want)
}

// TestPlayAlongKodiakOnAPhone plays a two-player Kodiak game along: a
// pounce, a hairball discarded, a player with no cards, then three
// pounces that end round 2, and checks the score page against the engine.
func TestPlayAlongKodiakOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	names := []string{"Ana", "Ben"}
	startPlayAlong(t, ctx, base, "kodiak", "0", names...)
	var who string
	run(t, ctx, "round 1", chromedp.Text(`[data-testid="kodiak"]`, &who, chromedp.ByQuery),
		chromedp.WaitVisible(`[data-testid="first-look"]`, chromedp.ByQuery))
	if who != "Kodiak: Ana" {
		t.Errorf("round 1: %q", who)
	}
	snapshot(t, ctx, "kodiak-play-turn")
	audit(t, ctx, "kodiak play turn")
	pounce := `[data-testid="pounce-plus"]`
	playMoves(t, ctx, []playMove{
		{"Kodiak's turn", []string{`[data-testid="turn-done"]`}, toMove("Ben")},
		{"Ben's turn", []string{`[data-testid="turn-done"]`}, toMove("Ana")},
		{"Ana pounces", []string{pounce}, shows("pounce-count", "1 of 3")},
		{"Ben discards a hairball", []string{`[data-player="Ben"] [data-testid="hairball-plus"]`}, `document.querySelector('[data-player="Ben"] [data-testid="hairball-count"]').textContent === "1"`},
		{"Ben has no cards", []string{`[data-testid="no-cards"] summary`, `[data-testid="out-1"]`}, shows("round-closed", "Ben has no cards left")},
	})
	var sum string
	run(t, ctx, "Ana's round sum", chromedp.Text(`fieldset[data-player="Ana"] [data-testid="round-sum"]`, &sum, chromedp.ByQuery))
	if sum != "−5" {
		t.Errorf("Ana's round sum before her cards %q, want −5 for the pounce counted in play", sum)
	}
	snapshot(t, ctx, "kodiak-play-scoring")
	audit(t, ctx, "kodiak play scoring")
	playMoves(t, ctx, []playMove{
		{"score round 1", append(tapCards("Ana", "5", "red-king"), `[data-testid="submit-round"]`), shows("kodiak", "Kodiak: Ben") + ` && ` + toMove("Ben")},
	})
	var shown []string
	run(t, ctx, "totals after round 1", chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="play-total"]')].map(e => e.textContent)`, &shown))
	if strings.Join(shown, " ") != "−2 5" {
		t.Errorf("totals after round 1: %v, want Ana 3 − 5 = −2 (one pounce), Ben 5 (a hairball discarded)", shown)
	}
	playMoves(t, ctx, []playMove{
		{"pounce 1", []string{pounce}, shows("pounce-count", "1 of 3")},
		{"pounce 2", []string{pounce}, shows("pounce-count", "2 of 3")},
		{"pounce 3 ends the round", []string{pounce}, shows("round-closed", "pounced 3 times")},
		{"score round 2", append(tapCards("Ana", "13", "swap"), `.stepper:has(#p0-hairballs_kept) button[data-step="1"]`, `[data-testid="submit-round"]`), `!!document.querySelector('[data-testid="verdict"]')`},
	})

	r1 := kodiak.RoundEntry{Players: []kodiak.RoundPlayer{
		{Name: "Ana", Round: kodiak.Round{Kodiak: true, Cards: kodiakCards(t, "5", "red-king"), Pounces: 1}},
		{Name: "Ben", Round: kodiak.Round{HairballsDiscarded: 1}},
	}}
	r2 := kodiak.RoundEntry{Players: []kodiak.RoundPlayer{
		{Name: "Ana", Round: kodiak.Round{Cards: kodiakCards(t, "13", "swap"), HairballsKept: 1}},
		{Name: "Ben", Round: kodiak.Round{Kodiak: true, Pounces: 3}},
	}}
	var raw [][]byte
	for _, s := range []kodiak.Step{
		{Action: kodiak.ActDone, Seat: 0}, {Action: kodiak.ActDone, Seat: 1}, {Action: kodiak.ActPounce, Delta: 1},
		{Action: kodiak.ActHairball, Seat: 1, Delta: 1}, {Action: kodiak.ActOut, Seat: 1}, {Action: kodiak.ActScore, Round: &r1},
		{Action: kodiak.ActPounce, Delta: 1}, {Action: kodiak.ActPounce, Delta: 1}, {Action: kodiak.ActPounce, Delta: 1},
		{Action: kodiak.ActScore, Round: &r2},
	} {
		raw = append(raw, kodiak.StepJSON(s))
	}
	over, final, err := kodiak.Engine{}.Guide(names, kodiak.SetupJSON(kodiak.Setup{}), raw)
	if err != nil || !over {
		t.Fatalf("the engine does not end the scripted game: %v %v", over, err)
	}
	res, err := kodiak.Engine{}.Check(final)
	if err != nil || !res.Valid {
		t.Fatalf("engine result: %v %+v", err, res)
	}
	want := scoringResult{totals: map[string]int{}, winners: res.Winners}
	for _, p := range res.Players {
		want.totals[p.Name] = p.Total
	}
	if want.totals["Ana"] != 31 || want.totals["Ben"] != -10 {
		t.Fatalf("scripted totals %+v, want Ana 3 − 5 + 23 + 10 = 31, Ben 5 − 15 = −10", want.totals)
	}
	snapshot(t, ctx, "kodiak-play-end")
	checkTotals(t, ctx, want)
}

func kodiakCards(t *testing.T, tokens ...string) []kodiak.Card {
	t.Helper()
	var out []kodiak.Card
	for _, tok := range tokens {
		c, err := kodiak.ParseCard(tok)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}
