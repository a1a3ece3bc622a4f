package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"tablemate/scoring/scoringtest"
	"tablemate/web/games"
)

const ameliaJSON = `{"players":[{"name":"Amelia","tokens":3,"display":{"red":"1 5 7","yellow":"6 10 x","black":"4 6 x 5","blue":"4 9"}},
 {"name":"Victor","tokens":0,"display":{"red":"7 5"}}]}`

func TestScoreAPI(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		name   string
		path   string
		body   string
		status int
		field  string // 400: the offending field
		code   string // 200: a violation code that must appear
	}{
		{"valid shape, rules broken", "/api/v1/games/koffer-katze-sombrero/score", ameliaJSON, 200, "", "not_ascending"},
		{"invalid JSON", "/api/v1/games/koffer-katze-sombrero/score", `{"players": [`, 400, "", ""},
		{"wrong type", "/api/v1/games/koffer-katze-sombrero/score", `{"players":[{"name":"A","tokens":"3"}]}`, 400, "players[0].tokens", ""},
		{"unknown field", "/api/v1/games/koffer-katze-sombrero/score", `{"players":[],"colour":"red"}`, 400, "colour", ""},
		{"unreadable card", "/api/v1/games/koffer-katze-sombrero/score", `{"players":[{"name":"A","tokens":0,"display":{"red":"1 z"}},{"name":"B","tokens":0}]}`, 400, "players[0].display.red", ""},
		{"duplicate names", "/api/v1/games/koffer-katze-sombrero/score", `{"players":[{"name":"A","tokens":0},{"name":"A","tokens":0}]}`, 400, "players[1].name", ""},
		{"missing name", "/api/v1/games/koffer-katze-sombrero/score", `{"players":[{"tokens":0},{"name":"B","tokens":0}]}`, 400, "players[0].name", ""},
		{"unknown game", "/api/v1/games/chess/score", `{}`, 404, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := ts.PostJSON(tt.path, tt.body)
			if status != tt.status {
				t.Fatalf("status %d, want %d: %v", status, tt.status, body)
			}
			switch status {
			case 200:
				for _, key := range []string{"violations", "warnings", "winners", "players"} {
					if _, ok := body[key].([]any); !ok {
						t.Errorf("%s is not an array: %v", key, body[key])
					}
				}
				if !strings.Contains(jsonString(body["violations"]), `"`+tt.code+`"`) {
					t.Errorf("violations %v lack %s", body["violations"], tt.code)
				}
			case 400:
				e, _ := body["error"].(map[string]any)
				if e == nil || e["message"] == "" {
					t.Fatalf("400 without error message: %v", body)
				}
				if tt.field != "" && e["field"] != tt.field {
					t.Errorf("field %v, want %s (%v)", e["field"], tt.field, e["message"])
				}
			}
		})
	}
}

func TestScoreAPIEdges(t *testing.T) {
	ts := newTestServer(t)
	big := `{"players":[` + strings.Repeat(" ", 1<<20) + `]}`
	if status, body := ts.PostJSON("/api/v1/games/koffer-katze-sombrero/score", big); status != 400 {
		t.Errorf("over 1 MiB: %d %v", status, body)
	}
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/v1/games/koffer-katze-sombrero/score", strings.NewReader(ameliaJSON))
	req.Header.Set("Content-Type", "text/plain")
	if p := ts.Do(req); p.Status != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: %d", p.Status)
	}
	if p := ts.Get("/api/v1/games/koffer-katze-sombrero/score"); p.Status != http.StatusMethodNotAllowed {
		t.Errorf("GET on score: %d", p.Status)
	}
	p := ts.Get("/api/v1/games")
	for _, slug := range []string{"koffer-katze-sombrero", "auf-der-hut", "kociaki-lobuziaki", "alaska", "rune-market"} {
		if !strings.Contains(p.Body, `"slug":"`+slug+`"`) {
			t.Errorf("GET /api/v1/games lacks %s", slug)
		}
	}
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestScoreAPIAnswersAsEncodingJSON: the API writes its answer without
// reflection; byte for byte it is what encoding/json (c.JSON) wrote.
func TestScoreAPIAnswersAsEncodingJSON(t *testing.T) {
	ts := newTestServer(t)
	for _, c := range scoringtest.Cases(t, "") {
		engine, _ := games.Engine(c.Game)
		res, err := engine.Check(c.Request)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(res)
		resp, err := http.Post(ts.URL+"/api/v1/games/"+c.Game+"/score", "application/json", bytes.NewReader(c.Request))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || string(got) != string(want)+"\n" || resp.Header.Get("Content-Type") != "application/json" {
			t.Errorf("%s: %d %s\n got %s\nwant %s", c.ID, resp.StatusCode, resp.Header.Get("Content-Type"), got, want)
		}
	}
}

// setupOf is a game's play setup beside players and steps, where it
// needs one to read the steps.
var setupOf = map[string]string{"kociaki-lobuziaki": `"start_tile":"green",`}

// TestAPIIsStrictForEveryGame: API.md's 400s for all seven games, score
// check and play API alike: field names are exact, null is a wrong type,
// a count beyond ±1,000,000 is not a state (G-1), and the field is named.
func TestAPIIsStrictForEveryGame(t *testing.T) {
	ts := newTestServer(t)
	for _, g := range games.Engines() {
		slug := g.Info().Slug
		for _, c := range []struct{ kind, body, field string }{
			{"score", `{"players":null}`, "players"},
			{"score", `{"PLAYERS":[]}`, "PLAYERS"},
			{"score", `{"players":[{"NAME":"A"},{"name":"B"}]}`, "players[0].NAME"},
			{"score", `{"players":[{"name":"A"},null]}`, "players[1]"},
			{"score", `{"players":[],"players":[]}`, "players"},
			{"play", `{"players":null,"steps":[]}`, "players"},
			{"play", `{"Players":["A","B"],"steps":[]}`, "Players"},
			{"play", `{"players":["A","B"],"steps":null}`, "steps"},
			{"play", `{"players":["A","B"],"steps":[null]}`, "steps[0]"},
		} {
			// Kociaki reads its start tile before the steps.
			req := strings.Replace(c.body, `"steps"`, setupOf[slug]+`"steps"`, 1)
			status, body := ts.PostJSON("/api/v1/games/"+slug+"/"+c.kind, req)
			e, _ := body["error"].(map[string]any)
			if status != 400 || e == nil || e["field"] != c.field {
				t.Errorf("%s %s %s: %d %v, want a 400 on %s", slug, c.kind, c.body, status, body, c.field)
			}
		}
	}
}
