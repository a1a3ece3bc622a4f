package plays

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"
)

// linkData decodes the play a createPlay link carries.
func linkData(t *testing.T, link string) map[string]any {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Scheme+"://"+u.Host+u.Path != BGStatsCreatePlay {
		t.Fatalf("link %q: %v", link, err)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(u.Query().Get("data")), &m); err != nil {
		t.Fatalf("data: %v", err)
	}
	return m
}

// TestBGStatsLinkCarriesThePlay: the link's data has every field BG
// Stats' createPlay reads, with the values the .bgsplay writer gives the
// same play (title, BoardGameGeek id, uuids of game and players), and
// no play ID.
func TestBGStatsLinkCarriesThePlay(t *testing.T) {
	p := Play{ID: "table/secret-key/game/2", Game: Game{Slug: "koffer-katze-sombrero"}, Played: time.Date(2026, 11, 27, 20, 15, 0, 0, time.UTC),
		Minutes: 23, Location: "Küche", Comments: "Ben's first game\r\nwith the hat", Players: []Player{
			{Name: "Ana", Score: Int(12), Winner: true, Rank: 1, StartPlayer: true},
			{Name: "Ben & Co", Score: Int(-3), Rank: 2},
		}}
	link, err := seven.BGStatsLink(p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(link, "secret-key") {
		t.Error("the link carries the play's ID")
	}
	m := linkData(t, link)
	k, _ := seven.KnownGame("koffer-katze-sombrero")
	game := m["game"].(map[string]any)
	if m["playDate"] != "2026-11-27 20:15:00" || m["durationMin"] != 23.0 || m["location"] != "Küche" || m["comments"] != "Ben's first game\nwith the hat" ||
		game["name"] != k.Name || game["bggId"] != float64(k.BGGID) || game["highestWins"] != !k.LowestWins || game["noPoints"] != false ||
		game["sourceGameId"] != gameUUID(k) {
		t.Errorf("link data %v", m)
	}
	players := m["players"].([]any)
	want := []map[string]any{
		{"name": "Ana", "score": "12", "winner": true, "rank": 1.0, "startPlayer": true, "sourcePlayerId": uuidOf("player:Ana")},
		{"name": "Ben & Co", "score": "-3", "winner": false, "rank": 2.0, "startPlayer": false, "sourcePlayerId": uuidOf("player:Ben & Co")},
	}
	if len(players) != len(want) {
		t.Fatalf("players %v", players)
	}
	for i, w := range want {
		got := players[i].(map[string]any)
		for k, v := range w {
			if got[k] != v {
				t.Errorf("players[%d].%s = %v, want %v", i, k, got[k], v)
			}
		}
	}
	// Stable: the same play, another table, the same ids.
	p.ID = "table/other/game/9"
	again, _ := seven.BGStatsLink(p)
	if again != link {
		t.Error("the link changes with the play's ID")
	}
}

// TestBGStatsLinkRefusesWhatTheWriterRefuses: a play the file writer
// would refuse makes no link either.
func TestBGStatsLinkRefusesWhatTheWriterRefuses(t *testing.T) {
	for _, p := range []Play{
		{Game: Game{Name: "Azul"}, Players: []Player{{Name: "Ana"}}},
		{Game: Game{Name: "Azul"}, Played: time.Now(), Players: []Player{{Name: "Ana"}, {Name: "Ana"}}},
	} {
		if link, err := seven.BGStatsLink(p); err == nil {
			t.Errorf("%+v: link %s", p, link)
		}
	}
}
