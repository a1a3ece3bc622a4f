package api_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tablemate/web/games"
)

// codedEntry is an entry of an API answer that carries a code: a
// violation, a warning or a refused step.
type codedEntry struct {
	Where, Code, Message string
}

// codedEntries walks an API answer's JSON for every object with a
// "code", in order, with where it was found.
func codedEntries(t *testing.T, body []byte) []codedEntry {
	t.Helper()
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	var out []codedEntry
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if code, ok := x["code"].(string); ok {
				msg, _ := x["message"].(string)
				out = append(out, codedEntry{path, code, msg})
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				walk(path+"."+k, x[k])
			}
		case []any:
			for i, e := range x {
				walk(path+"["+strconv.Itoa(i)+"]", e)
			}
		}
	}
	walk("", v)
	return out
}

// Real requests, one game after another, each breaking its rules in
// several ways at once, asked in German (Accept-Language: de): the
// answer's every violation, warning and refused step carries its
// English code and a German message — not the English answer's message,
// not empty — and the same codes in the same places as the English
// answer. Every one of the seven games' score check is asked, and guided
// play of four; together the answers hold twenty codes. (TestAPISaysEvery-
// CodeInGerman holds every code's every sentence to the catalog.)
func TestAPIAnswersEveryCodeInGerman(t *testing.T) {
	ts := newTestServer(t)
	cases := []struct {
		slug, kind, body string
	}{
		// KKS: a face-down start, a face-down card on a face-down one, a
		// card twice, a token count over seven, x0 and x11 (KKS-1).
		{"koffer-katze-sombrero", "score", `{"players":[{"name":"Lea","tokens":9,"display":{"red":"x 3 9","blue":"1 x x 2","black":"5 x0","yellow":"4 x11"}},{"name":"Tom","tokens":6,"display":{"red":"3 4","yellow":"1 2"}}]}`},
		{"koffer-katze-sombrero", "play", `{"players":["A","B"],"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"],"steps":[{"take":9,"reveal":"blue 7"},{"take":1,"reveal":"red 10"}]}`},
		// Auf der Hut: more characters, wonderhats and bald heads than
		// the box holds, the game not over.
		{"auf-der-hut", "score", `{"players":[{"name":"A","characters":15,"wonderhats":9,"bald_heads":17},{"name":"B","characters":1}]}`},
		{"auf-der-hut", "play", `{"players":["Ida","Jan"],"steps":[{"swap":[1,5]},{"swap":[5,1]},{"swap":[1,99]}]}`},
		// Kociaki Łobuziaki: a tie to break, chips counted twice.
		{"kociaki-lobuziaki", "score", `{"players":[{"name":"Ola","chips":{"1":[2,2,2,2,2,2,2,2]}},{"name":"Ben","chips":{"2":[2],"1":[9]}}]}`},
		// Cambio: two callers in a round, a round nobody called.
		{"cambio", "score", `{"players":[{"name":"Ana","rounds":[{"cards":["3"],"cambio":true},{"cards":["3"]}]},{"name":"Ben","rounds":[{"cards":["4"],"cambio":true},{"cards":["4"]}]}]}`},
		// Kodiak: a mouse that pounces, more cards than dealt.
		{"kodiak", "score", `{"players":[{"name":"Ana","rounds":[{"kodiak":true,"cards":["1","2","3","4","5","6","7","8","9"]}]},{"name":"Ben","rounds":[{"cards":[],"pounces":3}]}]}`},
		// Alaska: too many salmon, a section that is not there.
		{"alaska", "score", `{"players":[{"name":"Ana","salmon":60},{"name":"Ben","salmon":7}]}`},
		{"alaska", "play", `{"players":["Ana","Ben"],"steps":[{"do":"angler","angler":"tourist","section":11},{"do":"cast","cards":[7]}]}`},
		// Rune Market: a bandit of a player who is not there, a tie.
		{"rune-market", "score", `{"players":[{"name":"Ana","runes":{"red":2},"shelters":[{"colour":"red","runes":1,"bandit":"Zed"}]},{"name":"Ben","runes":{"blue":3}}]}`},
		{"rune-market", "play", `{"players":["Ana","Ben"],"market":{"red":3,"blue":2,"boat_shelters":1,"bandits":1},"first":"Ana","steps":[{"do":"interest"},{"do":"draw"},{"do":"draw"}]}`},
	}
	asked := map[string]bool{}
	codes := map[string]bool{}
	for _, c := range cases {
		path := "/api/v1/games/" + c.slug + "/" + c.kind
		status, h, de := postLang(t, ts, path, c.body, "de")
		enStatus, _, en := postLang(t, ts, path, c.body, "en")
		if status != http.StatusOK || enStatus != http.StatusOK {
			t.Errorf("%s: %d (English %d): %s", path, status, enStatus, de)
			continue
		}
		if h.Get("Content-Language") != "de" {
			t.Errorf("%s: Content-Language %q", path, h.Get("Content-Language"))
		}
		deEntries, enEntries := codedEntries(t, de), codedEntries(t, en)
		if len(deEntries) == 0 {
			t.Errorf("%s: no code in the answer; the case breaks no rule: %s", path, de)
		}
		if len(deEntries) != len(enEntries) {
			t.Errorf("%s: %d coded entries in German, %d in English", path, len(deEntries), len(enEntries))
			continue
		}
		for i, d := range deEntries {
			e := enEntries[i]
			switch {
			case d.Code != e.Code || d.Where != e.Where:
				t.Errorf("%s: %s %s in German, %s %s in English", path, d.Where, d.Code, e.Where, e.Code)
			case strings.TrimSpace(d.Message) == "":
				t.Errorf("%s: %s (%s) has no message", path, d.Code, d.Where)
			case d.Message == e.Message:
				t.Errorf("%s: %s (%s) is answered in English: %q", path, d.Code, d.Where, d.Message)
			}
			codes[c.slug+" "+d.Code] = true
		}
		asked[c.slug] = true
	}
	for _, g := range games.Engines() {
		if !asked[g.Info().Slug] {
			t.Errorf("%s was not asked in German", g.Info().Slug)
		}
	}
	t.Logf("%d codes answered in German: %v", len(codes), slices.Sorted(func(yield func(string) bool) {
		for k := range codes {
			if !yield(k) {
				return
			}
		}
	}))
}
