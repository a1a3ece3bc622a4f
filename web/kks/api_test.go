package kks_test

import (
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"tablemate/scoring/kks"
	"tablemate/web/kks/kkstest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// kksWholeGame is a 3-player log from a fixed shuffled deck (the 40 cards in
// the order k·17 mod 40), everyone taking a varied affordable position, to
// the end of the last round (ruling KKS-3: 12 turns each).
func kksWholeGame(t *testing.T) string {
	t.Helper()
	var deck []string
	for i := range 40 {
		k := i * 17 % 40
		deck = append(deck, kks.Card{Colour: kks.Colours()[k/10], Value: k%10 + 1}.String())
	}
	row := make([]kks.Card, kks.RowSize)
	for i, s := range deck[:kks.RowSize] {
		row[i], _ = kks.ParseCard(s)
	}
	p, err := kks.Start([]string{"Amelia", "Victor", "Enrique"}, row)
	if err != nil {
		t.Fatal(err)
	}
	var steps []map[string]any
	for i := 0; !p.Over(); i++ {
		take := min(1+(i*3)%5, p.Players[p.Current()].Tokens+1, len(p.Row))
		s := kks.Step{Take: take}
		st := map[string]any{"take": take}
		if p.DeckLeft > 0 {
			c, _ := kks.ParseCard(deck[kks.RowSize+i])
			s.Reveal = &c
			st["reveal"] = c.String()
		}
		var serr *kks.StepError
		if p, serr = p.Apply(s); serr != nil {
			t.Fatalf("turn %d: %v", i+1, serr)
		}
		steps = append(steps, st)
	}
	body, _ := json.Marshal(map[string]any{"players": []string{"Amelia", "Victor", "Enrique"}, "row": deck[:kks.RowSize], "steps": steps})
	return string(body)
}

func TestKKSPlayAPIExample(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	// API.md's log: Amelia takes the third card (the rule text's example),
	// Victor takes the red 10 with the token Amelia left on it.
	status, out := ts.PostJSON(kkstest.PlayURL, `{"players": ["Amelia", "Victor", "Enrique"], `+kkstest.RowJSON+`,
	 "steps": [{"take": 3, "reveal": "blue 7"}, {"take": 1, "reveal": "yellow 2"}]}`)
	if status != http.StatusOK || out["valid"] != true || out["result"] != nil {
		t.Fatalf("%d %v", status, out)
	}
	if errs, ok := out["errors"].([]any); !ok || len(errs) != 0 {
		t.Errorf("errors %v, want []", out["errors"])
	}
	st := out["state"].(map[string]any)
	if st["deck_left"] != float64(31) || st["turn"] != float64(3) {
		t.Errorf("deck_left %v turn %v", st["deck_left"], st["turn"])
	}
	row, _ := json.Marshal(st["row"])
	wantRow := `[{"card":"black 2","tokens":1},{"card":"blue 4","tokens":0},{"card":"yellow 6","tokens":0},{"card":"red 5","tokens":0},{"card":"black 9","tokens":0},{"card":"blue 7","tokens":0},{"card":"yellow 2","tokens":0}]`
	if string(row) != wantRow {
		t.Errorf("row %s\nwant %s", row, wantRow)
	}
	players := st["players"].([]any)
	amelia, victor := players[0].(map[string]any), players[1].(map[string]any)
	if amelia["tokens"] != float64(5) || amelia["display"].(map[string]any)["red"] != "1" {
		t.Errorf("Amelia %v", amelia)
	}
	if victor["tokens"] != float64(8) || victor["display"].(map[string]any)["red"] != "10" {
		t.Errorf("Victor %v", victor)
	}
}

func TestKKSPlayAPIWholeGame(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	status, out := ts.PostJSON(kkstest.PlayURL, kksWholeGame(t))
	if status != http.StatusOK || out["valid"] != true {
		t.Fatalf("%d %v", status, out)
	}
	st := out["state"].(map[string]any)
	res, _ := out["result"].(map[string]any)
	if res == nil || res["valid"] != true || res["game_over"] != true || st["deck_left"] != float64(0) || st["turn"] != float64(36) {
		t.Fatalf("end: state %v result %v", st, res)
	}
	// The state's players, posted to /score, give the same answer.
	body, _ := json.Marshal(map[string]any{"players": st["players"]})
	status, scored := ts.PostJSON("/api/v1/games/koffer-katze-sombrero/score", string(body))
	if status != http.StatusOK || !reflect.DeepEqual(scored, res) {
		t.Errorf("/score %d %v\nplay result %v", status, scored, res)
	}
	for _, p := range res["players"].([]any) {
		if p.(map[string]any)["total"] == nil {
			t.Errorf("player without total: %v", p)
		}
	}
}

func TestKKSPlayAPIBadStep(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	for _, tt := range []struct {
		steps string
		step  float64
		code  string
		turn  float64 // the state's turn: after the last accepted step
	}{
		{`[{"take": 3, "reveal": "blue 7"}, {"take": 8, "reveal": "yellow 2"}]`, 2, "no_such_position", 2},
		{`[{"take": 1, "reveal": "blue 7"}, {"take": 1, "reveal": "yellow 2"}, {"take": 2, "reveal": "red 1"}]`, 3, "card_seen", 3},
		{`[{"take": 1}]`, 1, "reveal_missing", 1},
		{`[{"take": 1, "reveal": "blue 7"}, {"take": 1, "reveal": "red 10"}]`, 2, "card_seen", 2}, // in Amelia's display
		{`[{"take": 7, "reveal": "blue 7"}, {"take": 1, "reveal": "yellow 2"}, {"take": 3, "reveal": "yellow 3"}]`, 3, "cannot_pay", 3},
		{`[{"take": 7, "reveal": "blue 7"}, {"take": 1, "reveal": "yellow 2"}, {"take": 2, "reveal": "yellow 3"}]`, 0, "", 4}, // near miss: 1 token pays for 1 skip
	} {
		status, out := ts.PostJSON(kkstest.PlayURL, `{"players": ["Amelia", "Victor"], `+kkstest.RowJSON+`, "steps": `+tt.steps+`}`)
		if status != http.StatusOK {
			t.Fatalf("%s: %d %v", tt.steps, status, out)
		}
		errs, _ := out["errors"].([]any)
		st := out["state"].(map[string]any)
		if st["turn"] != tt.turn || out["result"] != nil {
			t.Errorf("%s: state turn %v, want %v", tt.steps, st["turn"], tt.turn)
		}
		if tt.code == "" {
			if out["valid"] != true || len(errs) != 0 {
				t.Errorf("%s: %v", tt.steps, out)
			}
			continue
		}
		if out["valid"] != false || len(errs) != 1 {
			t.Fatalf("%s: %v", tt.steps, out)
		}
		e := errs[0].(map[string]any)
		if e["step"] != tt.step || e["code"] != tt.code || !strings.Contains(e["message"].(string), " ") {
			t.Errorf("%s: error %v, want %s at step %v", tt.steps, e, tt.code, tt.step)
		}
	}
}

func TestKKSPlayAPIMalformed(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	steps := `, "steps": [{"take": 1, "reveal": "blue 7"}, {"take": 1, "reveal": "blue 8"}, {"take": 1, "reveal": "blue 9"}, {"take": 1, "reveal": "blue 10"}, {"take": 1, "reveal": "%s"}]}`
	for _, tt := range []struct{ body, field string }{
		{`{"players": ["A", "B"], "row": ["red 10", "black 2", "green 4", "blue 4", "yellow 6", "red 5", "black 9"]` + strings.Replace(steps, "%s", "red 2", 1), "row[2]"},
		{`{"players": ["A", "B"], ` + kkstest.RowJSON + strings.Replace(steps, "%s", "green 4", 1), "steps[4].reveal"},
		{`{"players": ["A", "B"], ` + kkstest.RowJSON + `, "steps": [], "specials": [1]}`, "specials"},
		{`{"players": ["A", "B"], ` + kkstest.RowJSON + `, "steps": [{"take": 1, "reveal": "blue 7", "tokens": 2}]}`, "steps[0].tokens"},
		{`{"players": ["A", "A"], ` + kkstest.RowJSON + `, "steps": []}`, "players[1]"},
		{`{"players": ["A", "B", "C", "D", "E"], ` + kkstest.RowJSON + `, "steps": []}`, "players"},
		{`{"players": ["A", "B"], "row": ["red 10"], "steps": []}`, "row"},
	} {
		status, out := ts.PostJSON(kkstest.PlayURL, tt.body)
		e, _ := out["error"].(map[string]any)
		if status != http.StatusBadRequest || e == nil || e["field"] != tt.field || e["message"] == "" {
			t.Errorf("%s: %d %v, want 400 on %s", tt.body, status, out, tt.field)
		}
	}
	for _, body := range []string{"", "{", "null", "[]", `{"players": "A"}`, `{"steps": [null]}`, "\xff", `{"players": ["A", "B"], ` + kkstest.RowJSON + `, "steps": [{"take": "1"}]}`} {
		if status, out := ts.PostJSON(kkstest.PlayURL, body); status != http.StatusBadRequest || out["error"] == nil {
			t.Errorf("%q: %d %v, want 400", body, status, out)
		}
	}
	// Larger than 1 MiB.
	big := `{"players": ["A", "B"], ` + kkstest.RowJSON + `, "steps": [` + strings.Repeat(`{"take": 1},`, 1<<17) + `{"take": 1}]}`
	if status, _ := ts.PostJSON(kkstest.PlayURL, big); status != http.StatusBadRequest {
		t.Errorf("1 MiB+ body: %d, want 400", status)
	}
	// Not JSON at all: 415.
	resp, err := ts.Client.Post(ts.URL+kkstest.PlayURL, "text/plain", strings.NewReader(`{"players": ["A", "B"]}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType || !strings.Contains(string(b), `"field":"Content-Type"`) {
		t.Errorf("text/plain: %d %s, want 415", resp.StatusCode, b)
	}
}
