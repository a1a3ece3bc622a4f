package runemarket_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/server"
	"tablemate/web/webtest"
)

func TestRuneMarketTable(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
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
	own := ts.EnterDisputed(t, table, map[string]string{"players[0].red_shelter.runes": "1", "players[0].red_shelter.bandit": "Ana"})
	if r := ts.Get(own.Header.Get("Location")); r.Doc.Find(`[data-code="bandit_owner"]`).Length() != 1 {
		t.Error("an own bandit is not reported as bandit_owner")
	}
}
