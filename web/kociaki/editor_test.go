package kociaki_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring"
	"tablemate/scoring/kociaki"
	kocweb "tablemate/web/kociaki"
	"tablemate/web/kociaki/koctest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// kocScore is the engine's verdict on the same entries.
func kocScore(t *testing.T, names []string, variant string, chips ...map[int]string) scoring.Result {
	t.Helper()
	st := kociaki.State{Options: kociaki.Options{Variant: variant, AllTypesBonus: kociaki.Instead}}
	for i, toys := range chips {
		p := kociaki.Player{Name: names[i], Chips: map[string][]int{}}
		for toy, s := range toys {
			c, ok := kocweb.KocChips(s)
			if !ok {
				t.Fatalf("bad test chips %q", s)
			}
			p.Chips[strconv.Itoa(toy)] = c
		}
		st.Players = append(st.Players, p)
	}
	return kociaki.Score(st)
}

func TestKocEveningOverHTTP(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	names := []string{"Ana", "Ben"}
	table := ts.CreateGameTable("kociaki-lobuziaki", names...)

	entry := ts.Get(table + "/games/new")
	if entry.Status != http.StatusOK {
		t.Fatalf("editor: %d\n%s", entry.Status, entry.Body)
	}
	if h := entry.Text("h1"); h != "Game 1: toy chips" {
		t.Errorf("heading %q, want the Kociaki wording", h)
	}
	ben := entry.Doc.Find(`fieldset[data-player="Ben"]`)
	if n := ben.Find(`input[data-chips]`).Length(); n != kociaki.Toys {
		t.Fatalf("Ben has %d toy fields, want %d", n, kociaki.Toys)
	}
	// One screen (issue #18): the ten piles once, each with its chips to
	// give to the player chosen in the tab bar; the typed fields stay.
	if ben.Find(`input[name="players[1].chips.7"]`).Length() != 1 || entry.Doc.Find(`[data-testid="koc-board"] .koc-pile[data-toy="7"] button[data-chip]`).Length() != 3 {
		t.Error("toy 7 has no pile with chip buttons, or Ben no field")
	}
	if n := entry.Doc.Find(`[data-testid="koc-pile"]`).Length(); n != kociaki.Toys {
		t.Errorf("%d piles on the board, want %d", n, kociaki.Toys)
	}
	if entry.Doc.Find(`[data-testid="koc-tabs"] input[name="koc-to"]`).Length() != 2 {
		t.Error("no tab per player")
	}
	// Empty piles with 2 players (two chips removed, KOC-1): a 2 or a 3 on top.
	if got := entry.Text(`[data-next="1"]`); got != "pile: next 2 or 3" {
		t.Errorf("pile hint of an untouched toy: %q", got)
	}
	if !strings.Contains(entry.Body, "js/koc.js") {
		t.Error("the editor does not load its script")
	}

	g1 := []map[int]string{{1: "2 3", 2: "2", 3: "3 3 4"}, {1: "2", 2: "3", 4: "2 2 4"}}
	res := ts.Post(table+"/games", koctest.Form(entry.FormOf(t, table+"/games"), "", g1...))
	if res.Status != http.StatusSeeOther {
		t.Fatalf("submit game 1: %d\n%s", res.Status, res.Body)
	}
	want1 := kocScore(t, names, kociaki.Basic, g1...)
	if !want1.Valid || len(want1.Winners) != 1 {
		t.Fatalf("test game 1: %+v", want1)
	}
	page := ts.Get(res.Header.Get("Location"))
	for _, p := range want1.Players {
		if got := page.Text(fmt.Sprintf(`[data-player=%q] [data-testid="player-total"]`, p.Name)); got != strconv.Itoa(p.Total) {
			t.Errorf("%s's total = %q, want %d", p.Name, got, p.Total)
		}
	}
	if got := page.Text(`[data-testid="winners"]`); got != want1.Winners[0]+" wins" {
		t.Errorf("winners %q, want %v", got, want1.Winners)
	}
	// The correction form shows what the piles can still give.
	edit := ts.Get(res.Header.Get("Location") + "/edit")
	for toy, want := range map[string]string{"1": "pile: used up", "2": "pile: next 3 or 4", "5": "pile: next 2 or 3"} {
		if got := edit.Text(`[data-next="` + toy + `"]`); got != want {
			t.Errorf("toy %s after game 1: %q, want %q", toy, got, want)
		}
	}
	if v, _ := edit.Doc.Find(`input[name="players[0].chips.3"]`).Attr("value"); v != "3 3 4" {
		t.Errorf("correction form: toy 3 = %q", v)
	}

	// Game 2, experienced: a tie and no string entered.
	entry = ts.Get(table + "/games/new")
	g2 := []map[int]string{{1: "2"}, {2: "2"}}
	res = ts.Post(table+"/games", koctest.Form(entry.FormOf(t, table+"/games"), "experienced", g2...))
	if res.Status != http.StatusSeeOther {
		t.Fatalf("submit game 2: %d\n%s", res.Status, res.Body)
	}
	want2 := kocScore(t, names, kociaki.Experienced, g2...)
	if want2.TieBreak == "" {
		t.Fatalf("test game 2 is not an open tie: %+v", want2)
	}
	page = ts.Get(res.Header.Get("Location"))
	if got := page.Text(`[data-testid="verdict"]`); !strings.Contains(got, want2.TieBreak) {
		t.Errorf("verdict %q does not ask for the string: %q", got, want2.TieBreak)
	}

	tbl := ts.Get(table)
	best, leader := -1, ""
	for i, name := range names {
		total := want1.Players[i].Total + want2.Players[i].Total
		if got := tbl.Text(fmt.Sprintf(`tr[data-player=%q] [data-testid="total"]`, name)); got != strconv.Itoa(total) {
			t.Errorf("%s's running total = %q, want %d", name, got, total)
		}
		if total > best {
			best, leader = total, name
		}
	}
	if got := tbl.Text(`[data-testid="leader"]`); !strings.Contains(got, leader+" leads") {
		t.Errorf("leader banner %q, want %s leads", got, leader)
	}
}

func TestKocBadEntries(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := ts.CreateGameTable("kociaki-lobuziaki", "Ana", "Ben", "Cy")
	entry := ts.Get(table + "/games/new")
	for field, value := range map[string]string{"players[2].chips.3": "2 three", "players[1].string_left": "lots", "players[0].string_left": "-2"} {
		f := koctest.Form(entry.FormOf(t, table+"/games"), "", map[int]string{1: "2"})
		f.Set(field, value)
		p := ts.Post(table+"/games", f)
		if p.Status != http.StatusUnprocessableEntity {
			t.Errorf("%s=%q: %d, want 422", field, value, p.Status)
			continue
		}
		in := p.Doc.Find(`input[name="` + field + `"]`)
		if v, _ := in.Attr("aria-invalid"); v != "true" {
			t.Errorf("%s is not marked aria-invalid", field)
		}
		id, _ := in.Attr("aria-describedby")
		if id == "" || strings.TrimSpace(p.Doc.Find("#"+id).Text()) == "" {
			t.Errorf("%s has no message", field)
		}
	}

	// Three players remove one chip per pile: a lone 4 cannot be on top.
	f := koctest.Form(entry.FormOf(t, table+"/games"), "", map[int]string{4: "4"}, map[int]string{1: "2"})
	p := ts.PostDisputed(t, table+"/games", f)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("impossible game: %d\n%s", p.Status, p.Body)
	}
	res := ts.Get(p.Header.Get("Location"))
	li := res.Doc.Find(`[data-testid="violations"] li[data-code="pile_impossible"]`)
	if li.Length() != 1 || !strings.Contains(li.Text(), "Rule KOC-2") || !strings.Contains(li.Text(), "toy 4") {
		t.Errorf("the result page does not list pile_impossible with KOC-2:\n%s", res.Doc.Find(`main`).Text())
	}
	// The correction form marks the toy whose pile cannot be.
	edit := ts.Get(p.Header.Get("Location") + "/edit")
	if !edit.Doc.Find(`[data-next="4"]`).HasClass("bad") {
		t.Error("the editor does not mark toy 4's pile as impossible")
	}
}

func TestKocCheckPage(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	form := ts.Get("/check/kociaki-lobuziaki")
	if n := form.Doc.Find(`input[name$=".name"]`).Length(); n != kociaki.MaxPlayers {
		t.Fatalf("%d name boxes, want %d", n, kociaki.MaxPlayers)
	}
	f := form.FormOf(t, "/check/kociaki-lobuziaki")
	f.Set("players[0].name", "Ana")
	f.Set("players[2].name", "Ben")
	f = koctest.Form(f, "", map[int]string{1: "2,3"}, nil, map[int]string{1: "2", 2: "2+3"})
	f.Set("players[2].string_left", "12.5")
	p := ts.Post("/check/kociaki-lobuziaki", f)
	if p.Status != http.StatusOK {
		t.Fatalf("check: %d\n%s", p.Status, p.Body)
	}
	if n := p.Doc.Find(`[data-testid="player-result"]`).Length(); n != 2 {
		t.Errorf("%d players scored, want 2", n)
	}
	want := kocScore(t, []string{"Ana", "Ben"}, "", map[int]string{1: "2 3"}, map[int]string{1: "2", 2: "2 3"})
	for _, r := range want.Players {
		if got := p.Text(fmt.Sprintf(`[data-player=%q] [data-testid="player-total"]`, r.Name)); got != strconv.Itoa(r.Total) {
			t.Errorf("%s = %q, want %d", r.Name, got, r.Total)
		}
	}
	// The engine's error on the second player lands on seat 2.
	f.Set("players[2].string_left", "-1")
	p = ts.Post("/check/kociaki-lobuziaki", f)
	if v, _ := p.Doc.Find(`input[name="players[2].string_left"]`).Attr("aria-invalid"); p.Status != http.StatusUnprocessableEntity || v != "true" {
		t.Errorf("negative string: %d, aria-invalid %q", p.Status, v)
	}
	// The editor is the heaviest page: it stays within the budget.
	total, doc := ts.CompressedSize(t, "/check/kociaki-lobuziaki")
	doc.Find(`link[rel="stylesheet"], script[src]`).Each(func(_ int, s *goquery.Selection) {
		src, ok := s.Attr("src")
		if !ok {
			src, _ = s.Attr("href")
		}
		n, _ := ts.CompressedSize(t, src)
		total += n
	})
	if total > webtest.PageBudget {
		t.Errorf("the Kociaki checker weighs %d bytes compressed, over %d", total, webtest.PageBudget)
	}
}
