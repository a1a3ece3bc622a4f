package kodiak_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/kodiak"
	"tablemate/views"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

func TestPlayAlongKodiak(t *testing.T) {
	t.Parallel()
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := cambiotest.StartRoundTable(ts, "kodiak", "Ana", "Ben")
	setup := ts.Get(table + "/play")
	if setup.Doc.Find(`input[name="kodiak"]`).Length() != 2 || !strings.Contains(setup.Body, "2 rounds") {
		t.Fatalf("set-up page:\n%s", setup.Body)
	}
	cambiotest.StartGuided(ts, table, "kodiak", "1")

	// Round 1: Ben is Kodiak and starts.
	play := ts.Get(table + "/play")
	if play.Text(`[data-testid="kodiak"]`) != "Kodiak: Ben" || play.Text(`[data-testid="to-move"]`) != "Ben" ||
		play.Text(`[data-testid="play-round"]`) != "Round 1 of 2" || play.Doc.Find(`[data-testid="first-look"]`).Length() != 1 {
		t.Fatalf("round 1: %q %q %q", play.Text(`[data-testid="kodiak"]`), play.Text(`[data-testid="to-move"]`), play.Text(`[data-testid="play-round"]`))
	}
	cambiotest.MustStep(ts, table, "done:1", nil)
	if p := cambiotest.PlayStep(ts, table, "done:1", nil); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "(rule KOD-1)") {
		t.Fatalf("Ben twice: %d", p.Status)
	}
	// Hairballs discarded by accident: Ana +1, +1, −1.
	cambiotest.MustStep(ts, table, "hairball:0:1", nil)
	cambiotest.MustStep(ts, table, "hairball:0:1", nil)
	cambiotest.MustStep(ts, table, "hairball:0:-1", nil)
	// Pounces: one taken back, then three; the third ends the round.
	cambiotest.MustStep(ts, table, "pounce:1", nil)
	cambiotest.MustStep(ts, table, "pounce:-1", nil)
	cambiotest.MustStep(ts, table, "pounce:1", nil)
	cambiotest.MustStep(ts, table, "pounce:1", nil)
	if got := ts.Get(table + "/play").Text(`[data-testid="pounce-count"]`); got != "2 of 3" {
		t.Errorf("pounces shown %q", got)
	}
	cambiotest.MustStep(ts, table, "pounce:1", nil)
	// A 4th pounce is refused by rule KOD-1 and records nothing.
	before := cambiotest.GuidedSteps(ts.Table(table))
	if p := cambiotest.PlayStep(ts, table, "pounce:1", nil); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "3 is the most in a round") || !strings.Contains(p.Body, "(rule KOD-1)") {
		t.Fatalf("4th pounce: %d", p.Status)
	}
	if after := cambiotest.GuidedSteps(ts.Table(table)); after != before {
		t.Fatalf("a refused pounce was recorded: %d → %d", before, after)
	}

	// Scoring: the counters played go with the round; Ben (out) has none.
	score := ts.Get(table + "/play")
	if !strings.Contains(score.Text(`[data-testid="round-closed"]`), "pounced 3 times") ||
		score.Doc.Find(`input[name="players[1].pounces"][value="3"]`).Length() != 1 ||
		score.Doc.Find(`input[name="players[0].hairballs_discarded"][value="1"]`).Length() != 1 {
		t.Fatalf("scoring step:\n%s", score.Body)
	}
	round1 := url.Values{}
	round1.Set(views.PField(0, "cards"), "5 red-king")
	round1.Set(views.PField(0, "hairballs_kept"), "1")
	// Ana: 3 + 10 kept + 5 discarded = 18; Ben: −15.
	cambiotest.MustStep(ts, table, "score", round1)
	play = ts.Get(table + "/play")
	if play.Text(`[data-testid="kodiak"]`) != "Kodiak: Ana" || play.Text(`[data-testid="to-move"]`) != "Ana" {
		t.Fatalf("round 2: %q %q", play.Text(`[data-testid="kodiak"]`), play.Text(`[data-testid="to-move"]`))
	}
	if got := strings.Join(cambiotest.TotalsShown(play), " "); got != "18 −15" {
		t.Errorf("totals after round 1: %s", got)
	}
	// Cy joins the table mid-game: Cy watches this game, which keeps its
	// two players and two rounds.
	join := ts.Get(table).FormOf(t, table+"/players")
	join.Set("name", "Cy")
	if p := ts.Post(table+"/players", join); p.Status != http.StatusSeeOther {
		t.Fatalf("Cy joins: %d", p.Status)
	}
	if p := ts.Get(table + "/play"); p.Status != http.StatusOK || p.Text(`[data-testid="play-round"]`) != "Round 2 of 2" || p.Doc.Find(`[data-player="Cy"]`).Length() != 0 {
		t.Fatalf("after Cy joined: %d %q", p.Status, p.Text(`[data-testid="play-round"]`))
	}
	// Round 2: Ben scurries away.
	cambiotest.MustStep(ts, table, "out:1", nil)
	if p := cambiotest.PlayStep(ts, table, "hairball:1:1", nil); p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a hairball after the round closed: %d", p.Status)
	}
	// Ben kept a hairball although out: refused (a kept hairball is a card).
	bad := url.Values{}
	bad.Set(views.PField(0, "cards"), "2")
	bad.Set(views.PField(1, "hairballs_kept"), "1")
	if p := cambiotest.PlayStep(ts, table, "score", bad); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "(rule KOD-1)") ||
		p.Doc.Find(`#p1-hairballs_kept`).AttrOr("value", "") != "1" {
		t.Fatalf("out with a hairball: %d", p.Status)
	}
	round2 := url.Values{}
	round2.Set(views.PField(0, "cards"), "2 2")
	last := cambiotest.MustStep(ts, table, "score", round2)
	if last.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("after the last round: %q", last.Header.Get("Location"))
	}
	tb := ts.Table(table)
	setupJSON, steps := cambiotest.GuidedLog(t, tb)
	if len(tb.Players) != 3 || len(tb.Games.At(0).Result().Players) != 2 {
		t.Fatalf("table players %v, game players %d", tb.Players, len(tb.Games.At(0).Result().Players))
	}
	over, final, err := kodiak.Engine{}.Guide(tb.Players, setupJSON, steps)
	if err != nil || !over {
		t.Fatalf("engine replay: %v %v", over, err)
	}
	want, _ := kodiak.Engine{}.Check(final)
	if !want.Valid || strings.Join(want.Winners, ",") != "Ben" {
		t.Fatalf("engine result %+v", want)
	}
	res := ts.Get(table + "/games/1")
	for _, pl := range want.Players {
		if got := res.Text(`[data-player="` + pl.Name + `"] [data-testid="player-total"]`); got != views.Score(pl.Total) {
			t.Errorf("%s's total shown %q, want %d", pl.Name, got, pl.Total)
		}
	}
	// A step after the game end: no guided game is left to play.
	if p := ts.Get(table + "/play"); p.Doc.Find(`[data-testid="start-play"]`).Length() != 1 {
		t.Error("after the game the play page offers a new game")
	}
}

// A game entered round by round and a guided game do not mix: while one
// is in progress, the guided game cannot start.
func TestPlayAlongWaitsForARoundGame(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := cambiotest.StartRoundTable(ts, "cambio", "Ana", "Ben", "Cy")
	if p := cambiotest.EnterRound(ts, table, [3]string{"1", "2", "3"}, "cambio:0"); p.Status != http.StatusSeeOther {
		t.Fatalf("round: %d", p.Status)
	}
	page := ts.Get(table + "/play")
	if !strings.Contains(page.Text(`[data-testid="play-blocked"]`), "Game 1 is being entered round by round (1 round so far)") {
		t.Fatalf("blocked: %q", page.Text(`[data-testid="play-blocked"]`))
	}
	if page.Doc.Find(`[data-testid="start-play"]`).Length() != 0 {
		t.Error("the set-up form is offered while a round game is in progress")
	}
	// A start posted anyway (an old page) is refused and records nothing.
	f := ts.Get(table).FormOf(t, table+"/undo")
	f.Set("dealer", "0")
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("start during a round game: %d", p.Status)
	}
	if ts.Table(table).Play != nil {
		t.Error("a guided game started during a round game")
	}
}

func TestPlayAlongPagesStayWithinTheirWeightBudget(t *testing.T) {
	t.Parallel()
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	cam := cambiotest.StartRoundTable(ts, "cambio", "Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
	kod := cambiotest.StartRoundTable(ts, "kodiak", "Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
	for _, c := range []struct{ game, table, field string }{{"cambio", cam, "dealer"}, {"kodiak", kod, "kodiak"}} {
		check := func(label string) {
			t.Run(label, func(t *testing.T) {
				total, doc := ts.CompressedSize(t, c.table+"/play")
				doc.Find(`link[rel="stylesheet"], script[src]`).Each(func(_ int, s *goquery.Selection) {
					a := s.AttrOr("href", s.AttrOr("src", ""))
					n, _ := ts.CompressedSize(t, a)
					total += n
				})
				t.Logf("%s: %d bytes compressed with its CSS and JS", label, total)
				if total > webtest.PageBudget {
					t.Errorf("%s weighs %d bytes, over the %d budget", label, total, webtest.PageBudget)
				}
			})
		}
		check(c.game + " set-up")
		cambiotest.StartGuided(ts, c.table, c.field, "0")
		check(c.game + " turn")
		cambiotest.MustStep(ts, c.table, "out:0", nil) // the round closes: its scoring
		check(c.game + " scoring")
	}
}

// Ruling KOD-3 on the play page: Kodiak's hint counts the pounces and the
// hairballs Kodiak discarded; a hairball that takes Kodiak's last card
// closes the round; the scored round may not give Kodiak more cards than
// are left, in English and German.
func TestPlayAlongKodiakCardsKOD3(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := cambiotest.StartRoundTable(ts, "kodiak", "Ana", "Ben")
	cambiotest.StartGuided(ts, table, "kodiak", "0") // Ana is Kodiak
	cambiotest.MustStep(ts, table, "pounce:1", nil)
	cambiotest.MustStep(ts, table, "hairball:0:1", nil)
	cambiotest.MustStep(ts, table, "out:1", nil)
	score := ts.Get(table + "/play")
	if got := score.Text(`[data-player="Ana"] [data-testid="expected-cards"]`); !strings.HasPrefix(got, "Kodiak: dealt 3 − 1 pounce − 1 hairball discarded = at most 1 card,") {
		t.Errorf("Kodiak's hint: %q", got)
	}
	two := url.Values{}
	two.Set(views.PField(0, "cards"), "4 5")
	p := cambiotest.PlayStep(ts, table, "score", two)
	if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "at most 1 are left") || !strings.Contains(p.Body, "(rule KOD-3)") {
		t.Fatalf("Kodiak with 2 cards: %d %q", p.Status, p.Text(".banner-bad"))
	}
	de := cambiotest.PlayStepIn(ts, table, "score", two, "de")
	if got := de.Text(".banner-bad"); got != "Nicht möglich: Ana ist Kodiak und deckt 2 Karten auf, aber der Kodiak bekommt 3 und nie eine dazu, und die 1 Stürze und 1 abgelegten Haarbälle dieser Runde kosten je eine: Höchstens 1 sind übrig (Regel KOD-3)" {
		t.Errorf("German refusal: %q", got)
	}
	one := url.Values{}
	one.Set(views.PField(0, "cards"), "4")
	cambiotest.MustStep(ts, table, "score", one)

	// Round 2, Ben is Kodiak: two pounces and a hairball Ben discards take
	// his last card, which closes the round at once.
	cambiotest.MustStep(ts, table, "pounce:1", nil)
	cambiotest.MustStep(ts, table, "pounce:1", nil)
	cambiotest.MustStep(ts, table, "hairball:1:1", nil)
	closed := ts.Get(table + "/play")
	if got := closed.Text(`[data-testid="round-closed"] strong`); got != "Round 2 is over: Kodiak (Ben) lost the last card to 2 pounces and 1 hairball discarded" {
		t.Errorf("closed: %q", got)
	}
	if got := ts.GetLang(table+"/play", "de").Text(`[data-testid="round-closed"] strong`); got != "Runde 2 ist vorbei: Der Kodiak (Ben) hat seine letzte Karte verloren (2 Stürze, abgelegt: 1 Haarball)" {
		t.Errorf("German closed: %q", got)
	}
	if p := cambiotest.PlayStep(ts, table, "done:1", nil); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "(rule KOD-3)") {
		t.Errorf("a turn after Kodiak's last card: %d", p.Status)
	}
}
