package main

import (
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
		{"KOD-3 Kodiak with what is left", "kodiak", `{"players":[{"name":"Ana","rounds":[{"kodiak":true,"cards":["4"],"pounces":1,"hairballs_discarded":1},{"cards":[]}]},{"name":"Ben","rounds":[{"cards":[]},{"kodiak":true,"cards":["1"]}]}],"options":{"cycles":1}}`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := ts.postJSON("/api/v1/games/"+tt.game+"/score", tt.body)
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := ts.postJSON("/api/v1/games/"+tt.game+"/play", tt.body)
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
