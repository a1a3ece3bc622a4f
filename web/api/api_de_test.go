package api_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
	"tablemate/views/i18n"
	"tablemate/web/api"
	"tablemate/web/games"
	"tablemate/web/webtest"
)

// german says a phrase as a German reader's API answer does.
func german(p scoring.Phrase) string {
	return i18n.Say(i18n.With(context.Background(), i18n.German, ""), p)
}

// wordlessFormat is a format with no words to translate ("%s: %s").
var wordlessFormat = regexp.MustCompile(`^(?:%(?:\[\d+\])?[a-z]|[^\pL])*$`)

// verb is one formatting verb of a format, with its explicit index.
var verb = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)

// sampleArgs are arguments for format: a number for %d, a name for the
// other verbs, enough for every verb and index.
func sampleArgs(format string) []any {
	var args []any
	next := 0
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		if m[2] == "%" {
			continue
		}
		i := next
		if m[1] != "" {
			n, _ := strconv.Atoi(m[1])
			i = n - 1
		}
		next = i + 1
		for len(args) <= i {
			args = append(args, nil)
		}
		switch m[2] {
		case "d":
			args[i] = 7
		case "g", "f":
			args[i] = 2.5
		case "v":
			args[i] = []int{1, 9, 13}
		default:
			args[i] = scoring.Name("Ana")
		}
	}
	for i, a := range args {
		if a == nil {
			args[i] = scoring.Name("Ana")
		}
	}
	return args
}

// endToEnd are codes whose sentence an engine passes through a helper of
// its own (no constant format beside the code), each answered in German
// by a real request in TestAPIAnswersInGerman.
var endToEnd = map[string]bool{"too_many_taken": true, "no_section": true}

// TestAPISaysEveryCodeInGerman: for every code each engine answers (its
// Contract) and every sentence its code passes with that code
// (scoringtest.Messages), the API's German answer — a violation, a
// warning or a refused step — is the catalog's German of that sentence,
// never the English: codes, rulings and names stay as they are.
func TestAPISaysEveryCodeInGerman(t *testing.T) {
	t.Parallel()
	webtest.SQLiteOnly(t, "type-checks the engines and scores in memory; no store")
	if testing.Short() {
		t.Skip("type-checks every engine")
	}
	for _, g := range games.Engines() {
		c := g.(scoring.Documented).Contract()
		slug := g.Info().Slug
		says := scoringtest.Messages(t, reflect.TypeOf(g).PkgPath())
		for _, code := range c.Codes {
			formats := says.ByCode[code]
			if len(formats) == 0 {
				if !endToEnd[code] {
					t.Errorf("%s: code %s has no sentence passed with it and no request of TestAPIAnswersInGerman", slug, code)
				}
				continue
			}
			for _, format := range formats {
				args := sampleArgs(format)
				v := scoring.Violationf(code, "Ana", "G-3", format, args...)
				res := scoring.NewResult(slug)
				res.Violations = append(res.Violations, v)
				res.Warnings = append(res.Warnings, v)
				got := api.Said(res, german).(scoring.Result)
				se := scoring.Refusef(3, code, "G-3", format, args...)
				ans := api.Said(scoring.PlayAnswer[struct{}]{Errors: []scoring.StepError{*se}}, german).(scoring.PlayAnswer[struct{}])
				want := german(scoring.Phrasef(format, args...))
				for _, m := range []string{got.Violations[0].Message, got.Warnings[0].Message, ans.Errors[0].Message} {
					if m != want {
						t.Errorf("%s %s: answered %q, want %q", slug, code, m, want)
					}
				}
				if !wordlessFormat.MatchString(format) && (!i18n.Has(format) || want == v.Message) {
					t.Errorf("%s %s: %q is answered in English", slug, code, format)
				}
				if got.Violations[0].Code != code || got.Violations[0].Rule != "G-3" || got.Violations[0].Player != "Ana" || ans.Errors[0].Code != code || ans.Errors[0].Step != 3 {
					t.Errorf("%s %s: code, rule, player or step changed: %+v %+v", slug, code, got.Violations[0], ans.Errors[0])
				}
			}
		}
	}
}

// postLang posts body to path asking for lang; it returns the status,
// the headers and the body.
func postLang(t *testing.T, ts *testServer, path, body, lang string) (int, http.Header, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	resp, err := ts.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%v: %s", err, a)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return reflect.DeepEqual(x, y)
}

// TestAPIAnswersInGerman: with Accept-Language: de the score and play
// APIs answer what the engine answers with every sentence in German — the
// violations' and refusals' messages, score lines, the tie-break question,
// the play state's reports and events, the 400's message — and say so
// (Content-Language, Vary); codes, rulings, field names and players' names
// are the English answer's. Without the header the answer is English.
func TestAPIAnswersInGerman(t *testing.T) {
	ts := newTestServer(t)
	cases := []struct {
		name, slug, kind, body string
		status                 int
		english                string // a sentence the English answer has and the German lacks
	}{
		{"KKS rules broken", "koffer-katze-sombrero", "score", ameliaJSON, 200, "face-up"},
		{"ADH too many taken", "auf-der-hut", "score", `{"players":[{"name":"A","characters":15},{"name":"B"}]}`, 200, "characters were taken"},
		{"Kociaki tie-break", "kociaki-lobuziaki", "score", `{"players":[{"name":"Ola","chips":{"1":[2]}},{"name":"Ben","chips":{"2":[2]}}]}`, 200, "enter the string left"},
		{"Cambio round not ended", "cambio", "score", `{"players":[{"name":"Ana","rounds":[{"cards":["3"]}]},{"name":"Ben","rounds":[{"cards":["4"]}]}]}`, 200, "nobody called Cambio"},
		{"Kodiak", "kodiak", "score", `{"players":[{"name":"Ana","rounds":[{"kodiak":true,"cards":["1","2","3","4"]}]},{"name":"Ben","rounds":[{"cards":[]}]}]}`, 200, "round 1"},
		{"Alaska too many salmon", "alaska", "score", `{"players":[{"name":"Ana","salmon":60},{"name":"Ben","salmon":7}]}`, 200, "river cards"},
		{"Rune Market tie", "rune-market", "score", `{"players":[{"name":"Ana","runes":{"red":2}},{"name":"Ben","runes":{"blue":2}}]}`, 200, "red runes"},
		{"unknown field", "koffer-katze-sombrero", "score", `{"players":[{"name":"A","Tokens":1},{"name":"B"}]}`, 400, "unknown field"},
		{"beyond G-1", "auf-der-hut", "score", `{"players":[{"name":"A","characters":9223372036854775807},{"name":"B"}]}`, 400, "out of range"},
		{"KKS refused turn", "koffer-katze-sombrero", "play", `{"players":["A","B"],"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"],"steps":[{"take":9,"reveal":"blue 7"}]}`, 200, "cannot take position"},
		{"Alaska no section", "alaska", "play", `{"players":["Ana","Ben"],"steps":[{"do":"angler","angler":"tourist","section":11}]}`, 200, "numbered 1"},
		{"Alaska events", "alaska", "play", `{"players":["Ana","Ben"],"steps":[{"do":"cast","cards":[7]}]}`, 200, "catches nothing"},
		{"Rune Market interest", "rune-market", "play", `{"players":["Ana","Ben"],"market":{"red":3,"blue":2,"boat_shelters":1,"bandits":1},"first":"Ana","steps":[{"do":"interest"},{"do":"draw"}]}`, 200, "No interest this turn"},
		{"Auf der Hut swap back", "auf-der-hut", "play", `{"players":["Ida","Jan"],"steps":[{"swap":[1,5]},{"swap":[5,1]}]}`, 200, "swaps back"},
		{"play 400", "cambio", "play", `{"players":["Ana","Ben"],"steps":[{"done":1,"out":0}]}`, 400, "exactly one of"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := "/api/v1/games/" + c.slug + "/" + c.kind
			status, h, de := postLang(t, ts, path, c.body, "de-DE,de;q=0.9,en;q=0.5")
			if status != c.status {
				t.Fatalf("status %d, want %d: %s", status, c.status, de)
			}
			if h.Get("Content-Language") != "de" || !strings.Contains(strings.Join(h.Values("Vary"), ","), "Accept-Language") {
				t.Errorf("headers: Content-Language %q, Vary %q", h.Get("Content-Language"), h.Values("Vary"))
			}
			_, enh, en := postLang(t, ts, path, c.body, "")
			if enh.Get("Content-Language") != "en" || !strings.Contains(string(en), c.english) {
				t.Errorf("English answer (%s) lacks %q: %s", enh.Get("Content-Language"), c.english, en)
			}
			if strings.Contains(string(de), c.english) {
				t.Errorf("the German answer still says %q: %s", c.english, de)
			}
			// The German answer is the engine's answer, said in German.
			engine, _ := games.Engine(c.slug)
			var want any
			switch {
			case c.kind == "score" && status == 200:
				res, _ := engine.Check([]byte(c.body))
				want = res.Said(german)
			case c.kind == "play" && status == 200:
				ans, _ := engine.(scoring.PlayAPI).Answer([]byte(c.body))
				want = ans.(scoring.SaidAnswer).Said(german)
			case c.kind == "score":
				_, err := engine.Check([]byte(c.body))
				want = api.APIError{err.(*scoring.InputError).Said(german)}
			default:
				_, err := engine.(scoring.PlayAPI).Answer([]byte(c.body))
				want = api.APIError{err.(*scoring.InputError).Said(german)}
			}
			wb, _ := json.Marshal(want)
			if !sameJSON(t, de, wb) {
				t.Errorf("German answer\n %s\nwant\n %s", de, wb)
			}
			// Codes, rulings and fields are the English answer's.
			codes := regexp.MustCompile(`"(?:code|rule|field|name|player)":"[^"]*"`)
			if g, e := codes.FindAllString(string(de), -1), codes.FindAllString(string(en), -1); !reflect.DeepEqual(g, e) {
				t.Errorf("codes, rulings, fields or names differ:\n de %v\n en %v", g, e)
			}
		})
	}
	// The 404 and 415 answers are German too.
	if status, _, b := postLang(t, ts, "/api/v1/games/chess/score", `{}`, "de"); status != 404 || !strings.Contains(string(b), "Dieses Spiel gibt es hier nicht") {
		t.Errorf("unknown game: %d %s", status, b)
	}
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/v1/games/kodiak/play", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("Accept-Language", "de")
	if p := ts.Do(req); p.Status != http.StatusUnsupportedMediaType || !strings.Contains(p.Body, "Sende das Spielprotokoll") {
		t.Errorf("text/plain: %d %s", p.Status, p.Body)
	}
}
