package runemarket_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/runemarket"
	rmweb "tablemate/web/runemarket"
	"tablemate/web/runemarket/rmtest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

func TestPlayAlongRuneMarket(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := rmtest.CreateTable(ts, "Ana", "Ben")
	if href, _ := ts.Get(table).Doc.Find(`[data-testid="play-along"]`).Attr("href"); href != table+"/play" {
		t.Fatalf("no play-along link on the table page: %q", href)
	}
	// A pile that is not a count names its field; an empty market is refused with its rule.
	if p := rmtest.Start(t, ts, table, "x", "2", "1", "1", "Ana"); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "red runes") {
		t.Fatalf("bad count: %d %q", p.Status, p.Text(".field-error"))
	}
	if p := rmtest.Start(t, ts, table, "0", "0", "1", "1", "Ana"); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "rule RUN-1") {
		t.Fatalf("empty market: %d %q", p.Status, p.Text(".field-error"))
	}
	if p := rmtest.Start(t, ts, table, "3", "2", "1", "1", "Ana"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}

	play := ts.Get(table + "/play")
	if got := play.Text(`[data-testid="to-move"]`); got != "Ana’s turn" {
		t.Fatalf("to move: %q", got)
	}
	// Nobody has a shelter yet: no interest, taken by itself (#38).
	if ph, _ := play.Doc.Find(`[data-testid="phase"]`).Attr("data-phase"); ph != "purchases" {
		t.Errorf("phase %q", ph)
	}
	if got := play.Text(`[data-testid="interest"] p`); got != "No interest this turn." || play.Text(`[data-testid="interest-skipped"]`) != "skipped" {
		t.Errorf("interest: %q", got)
	}
	if play.Doc.Find(`[data-testid="take-interest"]`).Length() != 0 {
		t.Error("the interest is asked for with none to take")
	}
	first := play
	if play.Text(`[data-testid="market-red"]`) != "3" || play.Doc.Find(`[data-testid="ledger"]`).Length() != 2 {
		t.Errorf("market or ledgers missing")
	}

	// A move the rules refuse names the rule and records nothing.
	if p := rmtest.Play(t, ts, table, rmtest.Move{"do": "draw"}); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "rule RUN-1") {
		t.Fatalf("draw before a hand card: %d", p.Status)
	}
	// A form that is not a move names what is missing.
	if p := rmtest.Play(t, ts, table, rmtest.Move{"do": "rune", "cards": "four"}); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "four") {
		t.Fatalf("cards typed as words: %d", p.Status)
	}

	// A double tap posts the same token: recorded once.
	f := ts.Get(table+"/play").FormOf(t, table+"/play/step")
	f.Set("do", "shelter")
	f.Set("colour", "red")
	for range 2 {
		if p := ts.Post(table+"/play/step", f); p.Status != http.StatusSeeOther {
			t.Fatalf("shelter: %d %s", p.Status, p.Body)
		}
	}
	play = ts.Get(table + "/play")
	if n := play.Doc.Find(`[data-player="Ana"] [data-testid="shelter"]`).Length(); n != 1 {
		t.Fatalf("after a double-tapped shelter Ana has %d shelters", n)
	}
	if got := play.Text(`[data-testid="last-move"]`); got != "Last move: Ana played a red shelter." {
		t.Errorf("last move: %q", got)
	}
	if got := play.Text(`[data-testid="undo-step"]`); got != "Undo: Ana played a red shelter" {
		t.Errorf("undo: %q", got)
	}
	// A refused rune keeps its cards and colour, its form open (#38).
	kept := rmtest.Play(t, ts, table, rmtest.Move{"do": "rune", "colour": "blue", "cards": "4 7"})
	if kept.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a rune for 11: %d", kept.Status)
	}
	if _, open := kept.Doc.Find(`[data-testid="rune"]`).Attr("open"); !open {
		t.Error("the refused rune form is folded away")
	}
	if v, _ := kept.Doc.Find(`[data-testid="rune"] [data-testid="f-cards"]`).Attr("value"); v != "4 7" {
		t.Errorf("the cards typed are lost: %q", v)
	}
	if _, ok := kept.Doc.Find(`[data-testid="rune-blue"]`).Attr("checked"); !ok {
		t.Error("the colour chosen is lost")
	}
	if _, open := kept.Doc.Find(`[data-testid="place"]`).Attr("open"); open {
		t.Error("another move's form opens with the refusal")
	}
	if v, _ := kept.Doc.Find(`[data-testid="buy-boat"] [data-testid="f-cards"]`).Attr("value"); v != "" {
		t.Errorf("the cards show in another move's form: %q", v)
	}
	if v, _ := ts.Get(table + "/play").Doc.Find(`[data-testid="rune"] [data-testid="f-cards"]`).Attr("value"); v != "" {
		t.Errorf("a fresh page shows cards: %q", v)
	}
	// 2 players: 4 runes of one colour (RUN-1), shown with the purchases.
	if !strings.Contains(first.Body, "costs 4 runes of one colour") {
		t.Errorf("the price for 2 players is not shown")
	}
	if first.Doc.Find(`[data-testid="draw"]`).Length() != 0 || first.Text(`[data-testid="draw-hint"]`) == "" {
		t.Errorf("draw offered before a hand card is played")
	}
	// A stale form (made before the shelter) is refused with the fresh table.
	stale := url.Values{}
	for k, v := range f {
		stale[k] = v
	}
	stale.Set("_token", "another")
	stale.Set("do", "shelter")
	stale.Set("colour", "blue")
	if p := ts.Post(table+"/play/step", stale); p.Status != http.StatusConflict {
		t.Fatalf("stale form: %d", p.Status)
	}
	// Undo takes the shelter back and stays in the game.
	if p := ts.Post(table+"/undo", play.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/play" {
		t.Fatalf("undo: %d %q", p.Status, p.Header.Get("Location"))
	}
	if n := ts.Get(table + "/play").Doc.Find(`[data-player="Ana"] [data-testid="shelter"]`).Length(); n != 0 {
		t.Fatalf("after undo Ana has %d shelters", n)
	}

	// The whole scripted game.
	for i, m := range rmtest.Script {
		if p := rmtest.Play(t, ts, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("move %d %v: %d %s", i+1, m, p.Status, p.Doc.Find(".banner-bad").Text())
		}
		if i == 8 { // Ben's duel took Ana's red rune
			pg := ts.Get(table + "/play")
			if got := pg.Text(`[data-player="Ben"] [data-testid="points"]`); got != "3 points" {
				t.Errorf("Ben after the duel: %q", got)
			}
			if pg.Doc.Find(`[data-testid="duel"]`).Length() != 0 {
				t.Errorf("a second duel against Ana is offered in the same turn")
			}
		}
	}
	end := ts.Get(table + "/play")
	if end.Doc.Find(`[data-testid="game-end"]`).Length() != 1 {
		t.Fatalf("the end is not announced:\n%s", end.Body)
	}
	if got := end.Text(`[data-testid="ranking"] tbody tr:first-child th`); !strings.HasPrefix(got, "Ben") {
		t.Errorf("first in the ranking: %q", got)
	}
	if got := end.Text(`[data-testid="ranking"] tr[data-player="Ana"] [data-testid="rank-total"]`); got != "1" {
		t.Errorf("Ana's total: %q", got)
	}
	p := rmtest.Play(t, ts, table, rmtest.Move{"do": "finish"})
	if p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("finish: %d %q", p.Status, p.Header.Get("Location"))
	}
	res := ts.Get(table + "/games/1")
	if v, _ := res.Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "true" {
		t.Errorf("the guided game's final state is not valid: %s", res.Text(`[data-testid="violations"]`))
	}
}

// A tie at the end asks for the tie-break facts in the chain's order.
func TestPlayAlongRuneMarketTieBreak(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := rmtest.CreateTable(ts, "Ana", "Ben")
	if p := rmtest.Start(t, ts, table, "2", "0", "0", "0", "Ana"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}
	for _, m := range []rmtest.Move{
		{"do": "rune", "colour": "red", "cards": "5"}, {"do": "draw"},
		{"do": "rune", "colour": "red", "cards": "10"},
	} {
		if p := rmtest.Play(t, ts, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("%v: %d", m, p.Status)
		}
	}
	end := ts.Get(table + "/play")
	if q := end.Text(`[data-testid="tie-question"]`); !strings.Contains(q, "highest number card") {
		t.Fatalf("tie question: %q", q)
	}
	if p := rmtest.Play(t, ts, table, rmtest.Move{"do": "finish"}); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "rule G-2") {
		t.Fatalf("finish without the facts: %d", p.Status)
	}
	if p := rmtest.Play(t, ts, table, rmtest.Move{"do": "finish", "highest.Ana": "8", "highest.Ben": "8"}); p.Status != http.StatusSeeOther {
		t.Fatalf("cards: %d %s", p.Status, p.Body)
	}
	if ts.Get(table+"/play").Doc.Find(`[data-testid="rps-Ben"]`).Length() != 1 {
		t.Fatalf("rock-paper-scissors not asked after equal cards")
	}
	p := rmtest.Play(t, ts, table, rmtest.Move{"do": "finish", "rps_winner": "Ben"})
	if p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("rps: %d %q", p.Status, p.Header.Get("Location"))
	}
}

func TestRuneMarketPlayWeight(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := rmtest.CreateTable(ts, "Ana", "Ben", "Cy", "Dan", "Eve")
	checkWeight(ts, t, "set-up page", table+"/play")
	if p := rmtest.Start(t, ts, table, "1", "20", "4", "4", "Ana"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}
	for _, m := range []rmtest.Move{{"do": "interest"}, {"do": "shelter", "colour": "red"}} {
		if p := rmtest.Play(t, ts, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("%v: %d", m, p.Status)
		}
	}
	checkWeight(ts, t, "turn page with 5 players", table+"/play")
	if p := rmtest.Play(t, ts, table, rmtest.Move{"do": "rune", "colour": "red", "cards": "5"}); p.Status != http.StatusSeeOther {
		t.Fatalf("last red rune: %d", p.Status)
	}
	checkWeight(ts, t, "end page with 5 players", table+"/play")
}

// checkWeight fails when a page's first view with its CSS and JS weighs
// more than the budget gzip-compressed.
func checkWeight(ts *webtest.Server, t *testing.T, what, path string) {
	t.Helper()
	total, doc := ts.CompressedSize(t, path)
	for _, sel := range []string{`link[rel="stylesheet"]`, `script[src]`} {
		for _, n := range doc.Find(sel).Nodes {
			for _, a := range n.Attr {
				if a.Key == "href" || a.Key == "src" {
					size, _ := ts.CompressedSize(t, a.Val)
					total += size
				}
			}
		}
	}
	if total > webtest.PageBudget {
		t.Errorf("the %s weighs %d bytes compressed, over %d", what, total, webtest.PageBudget)
	}
	t.Logf("%s: %d bytes compressed", what, total)
}

// The guided game as JSON: a tie broken by the highest cards replays to its result; a
// refused step stops the replay with its code; a bad log is a 400.
func TestRuneMarketPlayAPI(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	steps := `[{"do":"interest"},{"do":"rune","colour":"red","cards":[5]},{"do":"draw"},{"do":"interest"},{"do":"rune","colour":"red","cards":[4,6]},{"do":"finish","highest_number_cards":{"Ana":9,"Ben":3}}]`
	status, ans := ts.PostJSON("/api/v1/games/rune-market/play", `{"players":["Ana","Ben"],"market":{"red":2},"first":"Ana","steps":`+steps+`}`)
	if res, _ := ans["result"].(map[string]any); status != http.StatusOK || ans["valid"] != true || res == nil || fmt.Sprint(res["winners"]) != "[Ana]" {
		t.Fatalf("whole game: %d %v", status, ans)
	}
	status, ans = ts.PostJSON("/api/v1/games/rune-market/play", `{"players":["Ana","Ben"],"market":{"red":2},"first":"Ana","steps":[{"do":"draw"}]}`)
	errs, _ := ans["errors"].([]any)
	if status != http.StatusOK || ans["valid"] != false || len(errs) != 1 || errs[0].(map[string]any)["code"] != "hand_card_required" {
		t.Fatalf("refused step: %d %v", status, ans)
	}
	if status, ans = ts.PostJSON("/api/v1/games/rune-market/play", `{"players":["Ana","Ben"],"market":{"red":2},"first":"Zoe"}`); status != http.StatusBadRequest {
		t.Fatalf("unknown first player: %d %v", status, ans)
	}
}

// FuzzRuneMarketStepForm: any posted move form becomes a step the engine
// can parse, or an input error naming a field; never a panic.
func FuzzRuneMarketStepForm(f *testing.F) {
	for _, m := range rmtest.Script {
		q := url.Values{}
		for k, v := range m {
			q.Set(k, v)
		}
		f.Add(q.Encode())
	}
	f.Add("do=ransom&pay=2-1&shelter=red")
	f.Add("do=finish&highest.Ana=x")
	f.Add("do=double_theft&steal=Ben|rune|red&steal2=Ben")
	f.Fuzz(func(t *testing.T, form string) {
		q, err := url.ParseQuery(form)
		if err != nil {
			return
		}
		s, err := rmweb.Step(q.Get, q)
		if err != nil {
			if in, ok := errors.AsType[*scoring.InputError](err); !ok || in.Field == "" {
				t.Fatalf("%q: %v is not an input error naming a field", form, err)
			}
			return
		}
		if _, err := runemarket.ParseStep(runemarket.StepJSON(s)); err != nil {
			t.Fatalf("%q gives a step the engine cannot read: %v", form, err)
		}
	})
}

// Ruling RUN-2 on the play page: a player whose only shelter is a
// stand-alone boat shelter is no longer immune to bandits; the bandit form
// offers that boat shelter (what the engine's BanditTargets lists), says
// what happens there, in English and German, and posting it destroys the
// boat shelter: both it and the bandit go back to the market.
func TestPlayAlongRuneMarketBanditRUN2(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := rmtest.CreateTable(ts, "Ana", "Ben")
	if p := rmtest.Start(t, ts, table, "5", "5", "1", "1", "Ana"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}
	for _, m := range []rmtest.Move{{"do": "interest"}, {"do": "buy", "item": "boat_shelter", "pay": "cards", "cards": "13 8", "into": "alone"}, {"do": "draw"}, {"do": "interest"}} {
		if p := rmtest.Play(t, ts, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("%v: %d %s", m, p.Status, p.Text(".flash"))
		}
	}
	play := ts.Get(table + "/play")
	opt := play.Doc.Find(`[data-testid="buy-bandit"] select[name="target"] option[value="Ana|boat_shelter|"]`)
	if opt.Length() != 1 || !strings.Contains(opt.Text(), "Ana's stand-alone boat shelter (no rune yet) — destroys it; the bandit goes back to the market") {
		t.Fatalf("the bandit form does not offer Ana's boat shelter: %q", play.Text(`[data-testid="buy-bandit"]`))
	}
	if !strings.Contains(play.Text(`[data-testid="buy-bandit"]`), "(rule RUN-2)") {
		t.Error("the bandit form does not cite RUN-2")
	}
	de := ts.GetLang(table+"/play", "de")
	if got := de.Doc.Find(`[data-testid="buy-bandit"] option[value="Ana|boat_shelter|"]`).Text(); got != "allein stehender Bootsunterstand von Ana (noch ohne Rune) – zerstört ihn; der Bandit geht zurück auf den Markt" {
		t.Errorf("German target %q", got)
	}
	if p := rmtest.Play(t, ts, table, rmtest.Move{"do": "buy", "item": "bandit", "pay": "cards", "cards": "13 8", "target": "Ana|boat_shelter|"}); p.Status != http.StatusSeeOther {
		t.Fatalf("bandit: %d %s", p.Status, p.Text(".flash"))
	}
	play = ts.Get(table + "/play")
	if n := play.Doc.Find(`[data-testid="ledger"][data-player="Ana"] [data-testid="shelter"]`).Length(); n != 0 {
		t.Errorf("Ana still has %d shelters", n)
	}
	if got := play.Text(`[data-testid="ledger"][data-player="Ana"] [data-testid="points"]`); got != "0 points" {
		t.Errorf("Ana's points %q", got)
	}
	// Nothing is left to place a bandit in: no bandit form.
	if play.Doc.Find(`[data-testid="buy-bandit"]`).Length() != 0 {
		t.Error("a bandit is offered with no shelter to go into")
	}
}
