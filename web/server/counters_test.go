package server

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/alaska"
	"tablemate/scoring/runemarket"
	"tablemate/web/kit"
)

func TestRuneMarketTable(t *testing.T) {
	ts := newTestServer(t)
	table := ts.NewTable("rune-market", "", "Ana", "Ben")
	entry := ts.Get(table + "/games/new")
	if entry.Doc.Find(`select[name="players[0].red_shelter.bandit"] option[value="Ben"]`).Length() != 1 {
		t.Fatal("a bandit's owner is not offered among the other players")
	}
	// Ana: 2 loose red + red shelter with 3 runes and a boat shelter = 6;
	// Ben: 4 loose blue + blue shelter with 2 runes and Ana's bandit = 5.
	p := ts.EnterGame(t, table, map[string]string{
		"players[0].runes.red": "2", "players[0].red_shelter.runes": "3", "players[0].red_shelter.boat": "1",
		"players[1].runes.blue": "4", "players[1].blue_shelter": "1", "players[1].blue_shelter.runes": "2", "players[1].blue_shelter.bandit": "Ana",
	})
	if p.Status != http.StatusSeeOther {
		t.Fatalf("enter: %d %s", p.Status, p.Text(`[data-testid="form-errors"]`))
	}
	res := ts.Get(p.Header.Get("Location"))
	for player, want := range map[string]string{"Ana": "6", "Ben": "5"} {
		if got := res.Text(`[data-player="` + player + `"] [data-testid="player-total"]`); got != want {
			t.Errorf("%s: %q, want %s", player, got, want)
		}
	}
	// The correction form shows what was entered.
	edit := ts.Get(table + "/games/1/edit")
	if v, _ := edit.Doc.Find(`select[name="players[1].blue_shelter.bandit"] option[selected]`).Attr("value"); v != "Ana" {
		t.Errorf("correction form lost the bandit: %q", v)
	}
	// A tie asks for the tie-break facts (RUN-1, G-2).
	tie := ts.EnterGame(t, table, map[string]string{"players[0].runes.red": "3", "players[1].runes.blue": "3"})
	if msg := ts.Get(tie.Header.Get("Location")).Text(`[data-testid="verdict"]`); !strings.Contains(msg, "highest number card") {
		t.Errorf("tie verdict %q does not ask for the highest number card", msg)
	}
	// A bandit of one's own is a rule break shown with its rule.
	own := ts.EnterGame(t, table, map[string]string{"players[0].red_shelter.runes": "1", "players[0].red_shelter.bandit": "Ana"})
	if r := ts.Get(own.Header.Get("Location")); r.Doc.Find(`[data-code="bandit_owner"]`).Length() != 1 {
		t.Error("an own bandit is not reported as bandit_owner")
	}
}

func FuzzParseCountersForms(f *testing.F) {
	f.Add("Ana", "5", "1", "Ben", "x")
	f.Add("", "-1", "", "", "")
	f.Fuzz(func(t *testing.T, name, n, check, choice, other string) {
		v := url.Values{}
		v.Set("players[0].name", name)
		v.Set("players[1].name", "Zed")
		for _, k := range []string{"salmon", "runes.red", "red_shelter.runes", "highest_number_card"} {
			v.Set("players[0]."+k, n)
		}
		v.Set("players[0].red_shelter", check)
		v.Set("players[0].red_shelter.bandit", choice)
		v.Set("options.rps_winner", other)
		for _, ed := range []struct {
			e     kit.Editor
			check func([]byte) (scoring.Result, error)
		}{{editorOf(alaska.Slug), alaska.Engine{}.Check}, {editorOf(runemarket.Slug), runemarket.Engine{}.Check}} {
			body, _, err := ed.e.Parse(v, nil)
			var in *scoring.InputError
			if err != nil {
				if !errors.As(err, &in) {
					t.Fatalf("form error is not an InputError: %v", err)
				}
				continue
			}
			if _, err := ed.check(body); err != nil && !errors.As(err, &in) {
				t.Fatalf("engine error is not an InputError: %v", err)
			}
			ed.e.Values(body) // never panics
		}
	})
}

// A game entered round by round has no whole-game correction form: its
// rounds are undone instead, so the result page offers no broken link.
func TestRoundGamesAreNotCorrectedAsAWhole(t *testing.T) {
	ts := newTestServer(t)
	table := ts.NewTable("cambio", "", "Ana", "Ben")
	f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	f.Set("players[0].cards", "7")
	f.Set("players[1].cards", "3")
	f.Set("ended", "cambio:1")
	if p := ts.Post(table+"/games", f); p.Status != http.StatusSeeOther {
		t.Fatalf("round: %d %s", p.Status, p.Text(".field-error"))
	}
	res := ts.Get(table + "/games/1")
	if res.Status != http.StatusOK || res.Doc.Find(`a[href$="/edit"]`).Length() != 0 {
		t.Errorf("result page %d offers a correction", res.Status)
	}
	if p := ts.Get(table + "/games/1/edit"); p.Status != http.StatusNotFound {
		t.Errorf("edit page: %d", p.Status)
	}
	if p := ts.Post(table+"/games/1", f); p.Status != http.StatusNotFound {
		t.Errorf("correction post: %d", p.Status)
	}
}

// editorOf is the registry's editor of a game.
func editorOf(slug string) kit.Editor {
	ed, _ := editorFor(slug)
	return ed
}
