package interop_test

import (
	"strings"
	"testing"

	"tablemate/sessions/plays"
	"tablemate/web/areatest"
)

// TestSendToBGStats: a counted game's page, through the edit link and
// the view-only link, and the evening's page offer the game to BG Stats
// with every field of its .bgsplay export (date, minutes, game, each
// player's score, win, rank, start), ids that stay the same from table
// to table, and no link or key of the table; a game that does not count
// offers none.
func TestSendToBGStats(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	ts.RecordKKS(t, table, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []string{"3", "1"}) // Amelia 86, Victor 84
	disputed := ts.EnterKKS(table, []map[string]string{{"red": "2"}, {"blue": "3"}}, []string{"1", "1"})
	view := areatest.ViewPath(t, ts.Get(table))
	secrets := []string{strings.TrimPrefix(table, "/tables/"), strings.TrimPrefix(view, "/v/"), ts.Table(table).Key}

	export := areatest.ReadPlays(t, ts.Get(table+"/export.bgsplay"), plays.BGStats)
	if len(export) != 1 {
		t.Fatalf("export: %+v", export)
	}
	want := export[0]
	k, _ := areatest.PlayGames.KnownGame("koffer-katze-sombrero")
	var first areatest.BGSLinkPlay
	for _, path := range []string{table + "/games/1", view + "/games/1", table + "/evening"} {
		links := areatest.BGSLinks(t, ts.Get(path), secrets...)
		if len(links) != 1 {
			t.Fatalf("%s: %d BG Stats links", path, len(links))
		}
		l := links[0]
		if l.PlayDate != want.Played.Format("2006-01-02 15:04:05") || l.DurationMin != want.Minutes || l.Comments != "" || l.Location != "" || l.SourceName != "Tablemate" {
			t.Errorf("%s: play %+v, export %+v", path, l, want)
		}
		if l.Game.Name != k.Name || l.Game.BGGID != k.BGGID || !l.Game.HighestWins || l.Game.NoPoints || l.Game.SourceGameID == "" {
			t.Errorf("%s: game %+v", path, l.Game)
		}
		if len(l.Players) != 2 {
			t.Fatalf("%s: players %+v", path, l.Players)
		}
		for i, w := range []struct {
			name, score string
			winner      bool
			rank        int
		}{{"Amelia", "86", true, 1}, {"Victor", "84", false, 2}} {
			p := l.Players[i]
			if p.Name != w.name || p.Score != w.score || p.Winner != w.winner || p.Rank != w.rank || p.StartPlayer != want.Players[i].StartPlayer || p.SourcePlayerID == "" {
				t.Errorf("%s: players[%d] %+v", path, i, p)
			}
		}
		if first.PlayDate == "" {
			first = l
		} else if l.Game.SourceGameID != first.Game.SourceGameID || l.Players[0].SourcePlayerID != first.Players[0].SourcePlayerID {
			t.Errorf("%s: ids differ from the game page's", path)
		}
	}
	if first.Players[0].SourcePlayerID == first.Players[1].SourcePlayerID {
		t.Error("two players share a sourcePlayerId")
	}

	// Another table: the same game and the same person keep their ids, so
	// BG Stats keeps the matches it was told once.
	other := ts.CreateTable("Victor", "Amelia")
	ts.RecordKKS(t, other, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []string{"3", "1"}) // Victor 86, Amelia 84
	again := areatest.BGSLinks(t, ts.Get(other+"/games/1"), strings.TrimPrefix(other, "/tables/"), ts.Table(other).Key)
	if len(again) != 1 || again[0].Game.SourceGameID != first.Game.SourceGameID || len(again[0].Players) != 2 ||
		again[0].Players[0].Name != "Victor" || again[0].Players[0].SourcePlayerID != first.Players[1].SourcePlayerID ||
		again[0].Players[1].SourcePlayerID != first.Players[0].SourcePlayerID {
		t.Errorf("ids on another table: %+v, first %+v", again, first)
	}

	// A disputed game counts nowhere and goes nowhere; the check page has
	// no table to send.
	for _, path := range []string{disputed, "/check/koffer-katze-sombrero"} {
		if ts.Get(path).Doc.Find(`[data-testid="bgstats-link"]`).Length() != 0 {
			t.Errorf("%s offers a BG Stats link", path)
		}
	}
}

// TestSendToBGStatsInGerman: the link's label and note are German.
func TestSendToBGStatsInGerman(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	ts.RecordKKS(t, table, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []string{"3", "1"})
	ts.Get("/lang?to=de")
	p := ts.Get(table + "/games/1")
	if got := p.Text(`[data-testid="bgstats"]`); !strings.Contains(got, "An BG Stats senden") || !strings.Contains(got, "installiert") {
		t.Errorf("German BG Stats section: %q", got)
	}
	if got := ts.Get(table + "/evening").Text(`[data-testid="bgstats-link"]`); got != "Partie 1: Koffer, Katze & Sombrero" {
		t.Errorf("German evening link: %q", got)
	}
}
