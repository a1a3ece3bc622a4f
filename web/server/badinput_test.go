package server

import (
	"net/http"
	"strings"
	"testing"
)

// TestBadInputNeverAnswers500 sends a corpus of broken requests to every
// route that reads client input; each must get a 4xx (or a redirect for a
// harmless form), never a 500.
func TestBadInputNeverAnswers500(t *testing.T) {
	t.Parallel()
	ts := newTestServerWith(t, func(a *App) { a.writeRate = 0 }) // every request reaches its handler
	table := ts.CreateTable("Ana", "Ben")
	bodies := []string{
		"",
		"%zz",
		"_seen=abc&_token=&players=",
		"players%5B0%5D.tokens=99999999999999999999999",
		"players[0].display.red=" + strings.Repeat("1 ", 5000),
		"players[0].display.red=\xff\xfe&players[0].name=\x00",
		"options.special_cards=x&options.special_cards=-1",
		"players[0].adjustments[0].card=1&players[0].adjustments[0].points=1e9",
		"game=koffer-katze-sombrero&players=" + strings.Repeat("a", 5000),
		"_seen=-1&name=" + strings.Repeat("é", 100),
		"state=%7B%22players%22%3A",
	}
	paths := []string{"/tables", table + "/games", table + "/games/1", table + "/games/x", table + "/undo", table + "/players",
		"/tables/nope/games", "/check/koffer-katze-sombrero", "/check/auf-der-hut", "/check/nope"}
	for _, path := range paths {
		for _, body := range bodies {
			for _, ct := range []string{"application/x-www-form-urlencoded", "multipart/form-data", "text/plain"} {
				req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(body))
				req.Header.Set("Content-Type", ct)
				req.Header.Set("Sec-Fetch-Site", "same-origin")
				if p := ts.Do(req); p.Status >= 500 {
					t.Errorf("POST %s (%s) %.40q: %d", path, ct, body, p.Status)
				}
			}
		}
	}
	jsonBodies := []string{"", "null", "[]", "{", `{"players":null}`, `{"players":[null]}`, `{"players":[{"name":1}]}`,
		`{"players":[{"name":"a","display":{"red":5}}]}`, `{"players":[{"name":"a","display":null}]}`, "\xff",
		`{"players":[{"name":"a","chips":{"1":[2]}}]}`, `{"players":[{"name":"a","rounds":[{"cards":["red-king"]}]}]}`}
	for _, game := range []string{"koffer-katze-sombrero", "auf-der-hut", "kociaki-lobuziaki", "cambio", "kodiak", "alaska", "rune-market"} {
		for _, body := range jsonBodies {
			if status, _ := ts.PostJSON("/api/v1/games/"+game+"/score", body); status >= 500 || status == 200 && body == "{" {
				t.Errorf("score %s %q: %d", game, body, status)
			}
		}
	}
	for _, path := range []string{"/tables/%00", "/tables/" + strings.Repeat("x", 3000), "/v/%ff", "/static/../go.mod", "/check/%2e%2e"} {
		if p := ts.Get(path); p.Status >= 500 {
			t.Errorf("GET %s: %d", path, p.Status)
		}
	}
}
