package table_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/alaska"
	"tablemate/scoring/aufderhut"
	"tablemate/scoring/kks"
	"tablemate/scoring/kociaki"
	"tablemate/scoring/kodiak"
	"tablemate/scoring/runemarket"
	"tablemate/web/serve"
)

// The new-table form shows the boxes the chosen game needs (KKS 2–4:
// four, no "add a player"; Auf der Hut 2–6: four and "add a player" up to
// six, as form buttons that work without JavaScript); ↑/↓ move a name a
// seat with who starts following it; "Who starts?" shows the game's own
// rule and records the chosen seat as the table's first player.
func TestNewTableFormSeatsAndWhoStarts(t *testing.T) {
	ts := newTestServer(t)
	p := ts.Get("/tables/new?game=" + kks.Slug)
	if n := p.Doc.Find(`input[name="players"]`).Length(); n != 4 {
		t.Errorf("KKS form has %d name boxes, want 4 (2–4 players)", n)
	}
	if p.Doc.Find(`[data-testid="add-player"]`).Length() != 0 {
		t.Error("KKS form offers a fifth player")
	}
	if rule := p.Text(`[data-testid="start-rule"]`); !strings.Contains(rule, "suitcase") {
		t.Errorf("KKS start rule %q, want the largest suitcase (its rule text)", rule)
	}
	if de := ts.German("/tables/new?game="+kks.Slug, nil); !strings.Contains(de.Text(`[data-testid="who-starts"] legend`), "Wer fängt an?") || de.Text(`[data-testid="start-rule"]`) == p.Text(`[data-testid="start-rule"]`) {
		t.Errorf("German who starts: %q / %q", de.Text(`[data-testid="who-starts"] legend`), de.Text(`[data-testid="start-rule"]`))
	}

	p = ts.Get("/tables/new?game=" + aufderhut.Slug)
	if n := p.Doc.Find(`input[name="players"]`).Length(); n != 4 || p.Doc.Find(`[data-testid="add-player"]`).Length() != 1 {
		t.Fatalf("Auf der Hut form: %d boxes, add a player %d", n, p.Doc.Find(`[data-testid="add-player"]`).Length())
	}
	f := p.FormOf(t, "/tables")
	f.Set("game", aufderhut.Slug)
	f["players"] = []string{"Ana", "Ben", "Cy", "Di"}
	f.Set("first", "2")
	f.Set("_add", "1")
	p = ts.Post("/tables", f)
	if p.Status != http.StatusOK || p.Doc.Find(`input[name="players"]`).Length() != 5 {
		t.Fatalf("add a player: %d, %d boxes", p.Status, p.Doc.Find(`input[name="players"]`).Length())
	}
	f.Set("_add", "1")
	f["players"] = []string{"Ana", "Ben", "Cy", "Di", "Ed"}
	if p = ts.Post("/tables", f); p.Doc.Find(`input[name="players"]`).Length() != 6 || p.Doc.Find(`[data-testid="add-player"]`).Length() != 0 {
		t.Errorf("at six players (Auf der Hut's most): %d boxes, add a player %d", p.Doc.Find(`input[name="players"]`).Length(), p.Doc.Find(`[data-testid="add-player"]`).Length())
	}
	if v, _ := p.Doc.Find(`#player-4`).Attr("value"); v != "Ed" {
		t.Errorf("the names typed were lost adding a box: box 5 is %q", v)
	}

	// Cy (seat 3) starts; moving Cy up keeps Cy starting.
	f.Del("_add")
	f["players"] = []string{"Ana", "Ben", "Cy"}
	f.Set("_move", "up:2")
	p = ts.Post("/tables", f)
	var got []string
	p.Doc.Find(`input[name="players"]`).Each(func(_ int, s *goquery.Selection) { got = append(got, s.AttrOr("value", "")) })
	if strings.Join(got[:3], ",") != "Ana,Cy,Ben" {
		t.Errorf("after moving Cy up the seats are %v", got)
	}
	if v, _ := p.Doc.Find(`input[name="first"][checked]`).Attr("value"); v != "1" {
		t.Errorf("who starts is seat %q after the move, want Cy's new seat 1", v)
	}

	f.Del("_move")
	f["players"] = []string{"Ana", "Cy", "Ben"}
	f.Set("first", "1")
	if p = ts.Post("/tables", f); p.Status != http.StatusSeeOther {
		t.Fatalf("create: %d %s", p.Status, p.Text(".field-error"))
	}
	table := p.Header.Get("Location")
	if tb := ts.Table(table); tb.First != "Cy" || strings.Join(tb.Players, ",") != "Ana,Cy,Ben" {
		t.Errorf("the table starts with %q, seats %v; want Cy, Ana,Cy,Ben", tb.First, tb.Players)
	}

	// The phone offers the names of its tables as chips.
	ts.Get(table)
	chips := ts.Get("/tables/new").Doc.Find(`[data-name-chip]`)
	if chips.Length() != 3 || chips.First().AttrOr("data-name-chip", "") != "Ana" {
		t.Errorf("name chips: %d, first %q; want Ana, Cy, Ben", chips.Length(), chips.First().AttrOr("data-name-chip", ""))
	}
}

// The start-player record feeds the rotation (ruling KOD-1): a Kodiak
// table whose form chose Cy to start has Cy as the first Kodiak on the
// round entry and preselected on the guided setup; the next game chosen
// with Ben starting makes Ben its first Kodiak. No handler reckons the
// seat: the engine's kodiak.NextFrom does.
func TestStartPlayerFeedsTheKodiakRotation(t *testing.T) {
	ts := newTestServer(t)
	f := ts.Get("/tables/new?game="+kodiak.Slug).FormOf(t, "/tables")
	f.Set("game", kodiak.Slug)
	f["players"] = []string{"Ana", "Ben", "Cy"}
	f.Set("first", "2")
	p := ts.Post("/tables", f)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("create: %d %s", p.Status, p.Text(".field-error"))
	}
	table := p.Header.Get("Location")
	entry := ts.Get(table + "/games/new")
	if !strings.Contains(entry.Body, "Kodiak by the rotation: Cy") {
		t.Errorf("round 1's entry does not make Cy Kodiak:\n%s", entry.Text("main"))
	}
	if v, _ := entry.Doc.Find(`input[name="kodiak"][checked]`).Attr("value"); v != "2" {
		t.Errorf("round 1's Kodiak preselected is seat %q, want Cy's 2", v)
	}
	if v, _ := ts.Get(table + "/play").Doc.Find(`input[name="kodiak"][checked]`).Attr("value"); v != "2" {
		t.Errorf("the guided game's first Kodiak preselected is seat %q, want Cy's 2", v)
	}
	ts.Choose(t, table, kodiak.Slug, "Ben")
	if !strings.Contains(ts.Get(table+"/games/new").Body, "Kodiak by the rotation: Ben") {
		t.Error("the next game chosen with Ben starting does not make Ben the first Kodiak")
	}
}

// The table's chosen first player takes the first turn of a game played
// along, in every guided game: KKS and Auf der Hut send the seat with the
// setup (rulings KKS-3, ADH-1), Kociaki, Alaska and The Rune Market
// preselect the player on their set-up page and start with them.
func TestStartPlayerTakesTheFirstGuidedTurn(t *testing.T) {
	ts := newTestServer(t)
	for _, tc := range []struct {
		game    string
		fill    map[string]string
		field   string // the set-up page's who-starts radios, "" when the setup sends the seat
		toMove  string // selector of the first turn's mover
		onStart string // "player" when toMove is a seat marked by data-player
	}{
		{game: kks.Slug, fill: map[string]string{"row[0]": "red 10", "row[1]": "black 2", "row[2]": "red 1", "row[3]": "blue 4", "row[4]": "yellow 6", "row[5]": "red 5", "row[6]": "black 9"},
			toMove: `[data-testid="to-move"]`},
		{game: aufderhut.Slug, fill: map[string]string{"display[0]": "1", "display[1]": "2", "display[2]": "3", "display[3]": "4", "display[4]": "5", "display[5]": "6", "display[6]": "7"},
			toMove: `[data-testid="to-move"]`},
		{game: kociaki.Slug, fill: map[string]string{"start_tile": "green"}, field: "starter", toMove: `section.to-move[data-player]`, onStart: "player"},
		{game: alaska.Slug, field: "first", toMove: `[data-testid="to-move"]`},
		{game: runemarket.Slug, fill: map[string]string{"red": "3", "blue": "2", "boat_shelters": "1", "bandits": "1"}, field: "first", toMove: `[data-testid="to-move"]`},
	} {
		t.Run(tc.game, func(t *testing.T) {
			f := ts.Get("/tables/new?game="+tc.game).FormOf(t, "/tables")
			f.Set("game", tc.game)
			f["players"] = []string{"Ana", "Ben", "Cy"}
			f.Set("first", "1")
			table := ts.Post("/tables", f).Header.Get("Location")
			setup := ts.Get(table + "/play")
			form := setup.FormOf(t, table+"/play/start")
			if tc.field != "" { // the browser sends the radio the page checked
				got, _ := setup.Doc.Find(`input[name="` + tc.field + `"][checked]`).Attr("value")
				if got != "Ben" {
					t.Errorf("the set-up page marks %q as starting, want Ben (chosen to start)", got)
				}
				form.Set(tc.field, got)
			}
			for k, v := range tc.fill {
				form.Set(k, v)
			}
			if p := ts.Post(table+"/play/start", form); p.Status != http.StatusSeeOther {
				t.Fatalf("start: %d %q", p.Status, p.Text(".field-error"))
			}
			turn := ts.Get(table + "/play")
			got := turn.Text(tc.toMove)
			if tc.onStart == "player" {
				got, _ = turn.Doc.Find(tc.toMove).First().Attr("data-player")
			}
			if !strings.HasPrefix(got, "Ben") {
				t.Errorf("the first turn is %q, want Ben's (chosen to start)", got)
			}
		})
	}
}

// The phone's list of leagues (web/serve).
const (
	leaguesCookie = serve.LeaguesCookie
	leaguesKeep   = serve.LeaguesKeep
)

// The names of this phone's leagues join the chips of the new-table form:
// opening a league's public page is enough (its id is remembered, never
// the admin link), its active members are offered after the names of the
// phone's recent tables; another phone that opened nothing gets none, and
// the phone remembers at most leaguesKeep leagues, newest first.
func TestLeagueMembersAreNameChips(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.CreateLeague(t, "Thursday club", "wins", "Dora", "Emil", "Finn")
	public, _ := ts.Get(admin).Doc.Find(`[data-testid="public-link"]`).Attr("value")
	public = public[strings.Index(public, "/leagues/"):]

	phone := ts.OtherPhone()
	if n := phone.Get("/tables/new").Doc.Find(`[data-name-chip]`).Length(); n != 0 {
		t.Fatalf("a phone that opened nothing is offered %d chips", n)
	}
	table := phone.CreateGameTable("alaska", "Ana", "Emil")
	phone.Get(table)
	phone.Get(public)
	var chips []string
	phone.Get("/tables/new").Doc.Find(`[data-name-chip]`).Each(func(_ int, s *goquery.Selection) {
		chips = append(chips, s.AttrOr("data-name-chip", ""))
	})
	if got := strings.Join(chips, ","); got != "Ana,Emil,Dora,Finn" {
		t.Errorf("name chips %q, want the table's Ana,Emil then the league's Dora,Finn", got)
	}
	u, _ := url.Parse(phone.URL)
	for _, ck := range phone.Client.Jar.Cookies(u) {
		if ck.Name == leaguesCookie && (ck.Value != strings.TrimPrefix(public, "/leagues/") || strings.Contains(ck.Value, strings.TrimPrefix(admin, "/l/"))) {
			t.Errorf("the phone remembers %q, want only the league's public id", ck.Value)
		}
	}

	other := ts.OtherPhone()
	var opened []string
	for i := range leaguesKeep + 1 {
		a := ts.CreateLeague(t, fmt.Sprintf("Club %d", i), "wins", fmt.Sprintf("P%d", i), fmt.Sprintf("Q%d", i))
		pub, _ := ts.Get(a).Doc.Find(`[data-testid="public-link"]`).Attr("value")
		pub = pub[strings.Index(pub, "/leagues/"):]
		other.Get(pub)
		opened = append([]string{strings.TrimPrefix(pub, "/leagues/")}, opened...)
	}
	for _, ck := range other.Client.Jar.Cookies(u) {
		if ck.Name == leaguesCookie && ck.Value != strings.Join(opened[:leaguesKeep], ".") {
			t.Errorf("the phone remembers %q, want the newest %d leagues %q", ck.Value, leaguesKeep, strings.Join(opened[:leaguesKeep], "."))
		}
	}
	chips = nil
	other.Get("/tables/new").Doc.Find(`[data-name-chip]`).Each(func(_ int, s *goquery.Selection) {
		chips = append(chips, s.AttrOr("data-name-chip", ""))
	})
	if len(chips) == 0 || chips[0] != fmt.Sprintf("P%d", leaguesKeep) || slices.Contains(chips, "P0") {
		t.Errorf("name chips %v, want the newest league's first and the forgotten league's none", chips)
	}
}
