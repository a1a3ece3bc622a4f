package api_test

import (
	"net/http"
	"strings"
	"testing"
)

// The codes of rulings G-3, CAM-3, KOD-3, ALA-2, ALA-3, ALA-4 and RUN-2 over
// HTTP against the real router: the score API reports each violation with
// its ruling, the play API refuses each step with its ruling, and the
// states or steps the rulings allow are taken.

// violationOf returns the first violation with code in a /score answer.
func violationOf(body map[string]any, code string) map[string]any {
	vs, _ := body["violations"].([]any)
	for _, v := range vs {
		if m, ok := v.(map[string]any); ok && m["code"] == code {
			return m
		}
	}
	return nil
}

func TestRulingsScoreAPI(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		name, game, body string
		code, rule       string // "" = valid
	}{
		// G-3: a fifth wonderhat is component_total and, past the ADH-3
		// bounds, too_many_taken too.
		{"G-3 component_total", "auf-der-hut", `{"players":[{"name":"Ida","characters":8,"wonderhats":3,"bald_heads":2},{"name":"Jan","characters":6,"wonderhats":2}],"options":{"variant":"standard"}}`, "component_total", "ADH-1"},
		{"G-3 too_many_taken beside it", "auf-der-hut", `{"players":[{"name":"Ida","characters":8,"wonderhats":3,"bald_heads":2},{"name":"Jan","characters":6,"wonderhats":2}],"options":{"variant":"standard"}}`, "too_many_taken", "ADH-3"},
		// CAM-3
		{"CAM-3 round_not_ended", "cambio", `{"players":[{"name":"Ana","rounds":[{"cards":["3","4"]}]},{"name":"Ben","rounds":[{"cards":["5"]}]}]}`, "round_not_ended", "CAM-3"},
		{"CAM-3 caller_out", "cambio", `{"players":[{"name":"Ana","rounds":[{"cards":[],"cambio":true}]},{"name":"Ben","rounds":[{"cards":["2","3"]}]}]}`, "caller_out", "CAM-3"},
		{"CAM-3 a player out ends the round", "cambio", `{"players":[{"name":"Ana","rounds":[{"cards":["3","4"]}]},{"name":"Ben","rounds":[{"cards":[]}]}]}`, "", ""},
		// KOD-3
		{"KOD-3 kodiak_cards", "kodiak", `{"players":[{"name":"Ana","rounds":[{"kodiak":true,"cards":["4"],"pounces":3},{"cards":[]}]},{"name":"Ben","rounds":[{"cards":[]},{"kodiak":true,"cards":["1"]}]}],"options":{"cycles":1}}`, "kodiak_cards", "KOD-3"},
		// ALA-2's other reading is an option like every game's.
		{"ALA-2 angler_catch on_contact", "alaska", `{"players":[{"name":"Ana","salmon":3},{"name":"Ben","salmon":1}],"options":{"angler_catch":"on_contact"}}`, "", ""},
		{"KOD-3 Kodiak with what is left", "kodiak", `{"players":[{"name":"Ana","rounds":[{"kodiak":true,"cards":["4"],"pounces":1,"hairballs_discarded":1},{"cards":[]}]},{"name":"Ben","rounds":[{"cards":[]},{"kodiak":true,"cards":["1"]}]}],"options":{"cycles":1}}`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := ts.PostJSON("/api/v1/games/"+tt.game+"/score", tt.body)
			if status != 200 {
				t.Fatalf("status %d: %v", status, body)
			}
			if tt.code == "" {
				if body["valid"] != true {
					t.Errorf("not valid: %v", body["violations"])
				}
				return
			}
			v := violationOf(body, tt.code)
			if v == nil || v["rule"] != tt.rule || v["message"] == "" || body["valid"] != false {
				t.Errorf("violation %s (%s) missing or wrong: %v", tt.code, tt.rule, body["violations"])
			}
		})
	}
}

func TestRulingsPlayAPI(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		name, game, body string
		code, rule       string // "" = every step taken
	}{
		// CAM-3: the caller's cards are frozen after the call.
		{"CAM-3 caller_frozen", "cambio", `{"players":["Ana","Ben"],"steps":[{"cambio":0},{"out":0}]}`, "caller_frozen", "CAM-3"},
		{"CAM-3 another player runs out", "cambio", `{"players":["Ana","Ben"],"steps":[{"cambio":0},{"out":1}]}`, "", ""},
		{"CAM-3 caller_out when scored", "cambio", `{"players":["Ana","Ben"],"steps":[{"cambio":0},{"done":1},{"score":{"players":[{"name":"Ana","cards":[],"cambio":true},{"name":"Ben","cards":["3"]}]}}]}`, "caller_out", "CAM-3"},
		{"CAM-3 out_has_cards when scored", "cambio", `{"players":["Ana","Ben"],"steps":[{"out":1},{"score":{"players":[{"name":"Ana","cards":["1"]},{"name":"Ben","cards":["3"]}]}}]}`, "out_has_cards", "CAM-3"},
		// KOD-3: guided play agrees with the score check.
		{"KOD-3 kodiak_cards when scored", "kodiak", `{"players":["Ana","Ben"],"steps":[{"pounce":1},{"out":1},{"score":{"players":[{"name":"Ana","kodiak":true,"cards":["1","2","3"],"pounces":1},{"name":"Ben","cards":[]}]}}]}`, "kodiak_cards", "KOD-3"},
		{"KOD-3 out_has_cards after 3 pounces", "kodiak", `{"players":["Ana","Ben"],"steps":[{"pounce":1},{"pounce":1},{"pounce":1},{"score":{"players":[{"name":"Ana","kodiak":true,"cards":["4"],"pounces":3},{"name":"Ben","cards":["1"]}]}}]}`, "out_has_cards", "KOD-1"},
		{"KOD-3 a hairball takes Kodiak's last card", "kodiak", `{"players":["Ana","Ben"],"steps":[{"pounce":1},{"pounce":1},{"hairball":0,"delta":1},{"done":0}]}`, "round_closed", "KOD-3"},
		// ALA-3: every cast can be played; one naming no section lands in
		// open water, so a hand of 11, 12, 13, 13 ends its turn.
		{"ALA-3 open water", "alaska", `{"players":["Ana","Ben"],"draw_pile":9,"steps":[{"do":"cast","cards":[11]},{"do":"cast","cards":[12,13]},{"do":"cast","cards":[13]},{"do":"end"}]}`, "", ""},
		{"ALA-3 a card the game lacks", "alaska", `{"players":["Ana","Ben"],"steps":[{"do":"cast","cards":[14]}]}`, "card_value", "CAM-1"},
		// ALA-4: one angler per section.
		{"ALA-4 section_taken", "alaska", `{"players":["Ana","Ben"],"steps":[{"do":"angler","angler":"local","section":4},{"do":"angler","angler":"local","section":4}]}`, "section_taken", "ALA-4"},
		{"ALA-4 a tourist chases a local", "alaska", `{"players":["Ana","Ben"],"steps":[{"do":"angler","angler":"local","section":4},{"do":"angler","angler":"tourist","section":4}]}`, "", ""},
		// RUN-2: a bandit may go into any shelter of another player.
		{"RUN-2 bandit_target own shelter", "rune-market", `{"players":["Ana","Ben"],"market":{"red":5,"blue":5,"boat_shelters":1,"bandits":1},"first":"Ana","steps":[{"do":"interest"},{"do":"buy","item":"bandit","cards":[13,8],"player":"Ana","shelter":"boat_shelter"}]}`, "bandit_target", "RUN-2"},
		{"RUN-2 bandit_target no such boat shelter", "rune-market", `{"players":["Ana","Ben"],"market":{"red":5,"blue":5,"boat_shelters":1,"bandits":1},"first":"Ana","steps":[{"do":"interest"},{"do":"buy","item":"bandit","cards":[13,8],"player":"Ben","shelter":"boat_shelter","colour":"red"}]}`, "bandit_target", "RUN-2"},
		// ALA-2: both readings are played.
		{"ALA-2 on_contact", "alaska", `{"players":["Ana","Ben"],"options":{"angler_catch":"on_contact"},"steps":[{"do":"angler","angler":"local","section":4},{"do":"cast","cards":[1]},{"do":"cast","cards":[2]},{"do":"end"},{"do":"salmon","at":4},{"do":"flow"}]}`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := ts.PostJSON("/api/v1/games/"+tt.game+"/play", tt.body)
			if status != 200 {
				t.Fatalf("status %d: %v", status, body)
			}
			errs, _ := body["errors"].([]any)
			if tt.code == "" {
				if body["valid"] != true || len(errs) != 0 {
					t.Errorf("refused: %v", errs)
				}
				return
			}
			if len(errs) != 1 {
				t.Fatalf("errors %v, want %s", errs, tt.code)
			}
			e, _ := errs[0].(map[string]any)
			if e["code"] != tt.code || e["rule"] != tt.rule || e["message"] == "" || body["valid"] != false {
				t.Errorf("error %v, want %s (%s)", e, tt.code, tt.rule)
			}
		})
	}
}

// Ruling ALA-2's option over HTTP: both readings answer in the play API's
// state (the salmon beside the local, or caught), a value that is not a
// reading is a 400 naming options.angler_catch, and GET /api/v1/games lists
// the option.
func TestAlaskaAnglerCatchOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	// Ana places a local on 4; Ben's salmon falls on 4–5 and flows once.
	steps := `"steps":[{"do":"angler","angler":"local","section":4},{"do":"cast","cards":[1]},{"do":"cast","cards":[2]},{"do":"end"},{"do":"salmon","at":4},{"do":"flow"}]`
	for _, c := range []struct {
		options string
		salmon  float64 // salmon named 3 left in the river
	}{{`{}`, 1}, {`{"angler_catch":"swim_past"}`, 1}, {`{"angler_catch":"on_contact"}`, 0}} {
		status, body := ts.PostJSON("/api/v1/games/alaska/play", `{"players":["Ana","Ben"],"options":`+c.options+`,`+steps+`}`)
		state, _ := body["state"].(map[string]any)
		river, _ := state["river"].(map[string]any)
		salmon, _ := river["salmon"].([]any)
		if status != 200 || len(salmon) != 10 || salmon[2] != c.salmon {
			t.Errorf("%s: %d %v", c.options, status, river)
		}
	}
	for _, path := range []string{"/api/v1/games/alaska/play", "/api/v1/games/alaska/score"} {
		status, body := ts.PostJSON(path, `{"players":["Ana","Ben"],"options":{"angler_catch":"sometimes"}}`)
		if path == "/api/v1/games/alaska/score" {
			status, body = ts.PostJSON(path, `{"players":[{"name":"Ana"},{"name":"Ben"}],"options":{"angler_catch":"sometimes"}}`)
		}
		e, _ := body["error"].(map[string]any)
		if status != 400 || e["field"] != "options.angler_catch" {
			t.Errorf("%s: %d %v", path, status, body)
		}
	}
	if list := ts.Get("/api/v1/games"); list.Status != 200 || !strings.Contains(list.Body, `"angler_catch"`) || !strings.Contains(list.Body, `"on_contact"`) {
		t.Errorf("game list: %d lacks angler_catch", list.Status)
	}
}

// The Alaska result editor records ruling ALA-2's reading with the game
// (so correcting a game played along keeps it); the count is the same.
func TestAlaskaEditorKeepsTheReading(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateGameTable("alaska", "Ana", "Ben")
	ed := ts.Get(table + "/games/new")
	if ed.Doc.Find(`input[type="checkbox"][name="options.angler_catch"]`).Length() != 1 {
		t.Fatal("the editor does not offer the on_contact reading")
	}
	f := ed.FormOf(t, table+"/games")
	f.Set("players[0].salmon", "3")
	f.Set("players[1].salmon", "1")
	f.Set("options.angler_catch", "1")
	if p := ts.Post(table+"/games", f); p.Status != http.StatusSeeOther {
		t.Fatalf("save: %d %s", p.Status, p.Text(".field-error"))
	}
	g := ts.Table(table).Games.At(0)
	if !strings.Contains(string(g.State), `"angler_catch":"on_contact"`) || !g.Result().Valid || g.Result().Winners[0] != "Ana" {
		t.Errorf("state %s result %+v", g.State, g.Result())
	}
	if ts.Get(table+"/games/1/edit").Doc.Find(`input[name="options.angler_catch"][checked]`).Length() != 1 {
		t.Error("the correction form lost the reading")
	}
}

// Ruling RUN-2 over the play API: a bandit bought into a player's only
// shelter, a stand-alone boat shelter with no rune yet, destroys it; both
// go back to the market.
func TestRuneMarketBanditInABoatShelterOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	status, body := ts.PostJSON("/api/v1/games/rune-market/play", `{"players":["Ana","Ben"],"market":{"red":5,"blue":5,"boat_shelters":1,"bandits":1},"first":"Ana",
		"steps":[{"do":"interest"},{"do":"buy","item":"boat_shelter","cards":[13,8],"into":"alone"},{"do":"draw"},
		         {"do":"interest"},{"do":"buy","item":"bandit","cards":[13,8],"player":"Ana","shelter":"boat_shelter"}]}`)
	state, _ := body["state"].(map[string]any)
	market, _ := state["market"].(map[string]any)
	players, _ := state["players"].([]any)
	if status != 200 || body["valid"] != true || len(players) != 2 {
		t.Fatalf("%d %v", status, body)
	}
	ana, _ := players[0].(map[string]any)
	boats, _ := ana["boat_shelters"].([]any)
	if len(boats) != 0 || market["boat_shelters"] != float64(1) || market["bandits"] != float64(1) {
		t.Errorf("Ana %v, market %v", ana, market)
	}
}
