package kodiak

import (
	"errors"
	"reflect"
	"testing"

	"tablemate/scoring"
)

// TestGuideReplaysTheDocsGame plays docs/api-kodiak.md's example as JSON
// steps and checks the final request scores as the document says.
func TestGuideReplaysTheDocsGame(t *testing.T) {
	names := []string{"Ana", "Ben", "Cy"}
	setup := SetupJSON(Setup{Kodiak: 0, Options: Options{Cycles: 1}})
	raw := []string{
		`{"done":0}`, `{"pounce":1}`, `{"hairball":2,"delta":1}`, `{"pounce":1}`, `{"done":1}`, `{"out":1}`,
		`{"score":{"players":[{"name":"Ana","kodiak":true,"cards":["red-king"],"pounces":2},{"name":"Ben","cards":[]},{"name":"Cy","cards":["blue-king"],"hairballs_discarded":1}]}}`,
		`{"pounce":1}`, `{"out":2}`,
		`{"score":{"players":[{"name":"Cy","cards":[]},{"name":"Ana","cards":["swap"],"hairballs_kept":1},{"name":"Ben","kodiak":true,"cards":["2"],"pounces":1}]}}`,
		`{"done":2}`, `{"pounce":1}`, `{"pounce":1}`, `{"pounce":1}`,
		`{"score":{"players":[{"name":"Ana","cards":["1","1"]},{"name":"Ben","cards":["0"]},{"name":"Cy","kodiak":true,"pounces":3}]}}`,
	}
	var steps [][]byte
	for i, r := range raw {
		over, _, err := Engine{}.Guide(names, setup, steps)
		if err != nil || over {
			t.Fatalf("before step %d: over %v %v", i+1, over, err)
		}
		steps = append(steps, []byte(r))
	}
	over, final, err := Engine{}.Guide(names, setup, steps)
	if err != nil || !over {
		t.Fatalf("over %v %v", over, err)
	}
	res, err := Engine{}.Check(final)
	if err != nil || !res.Valid {
		t.Fatalf("%v %+v", err, res.Violations)
	}
	totals := []int{res.Players[0].Total, res.Players[1].Total, res.Players[2].Total}
	if !reflect.DeepEqual(totals, []int{10, -3, 3}) || !reflect.DeepEqual(res.Winners, []string{"Ben"}) {
		t.Errorf("totals %v winners %v, want 10 −3 3 and Ben (docs/api-kodiak.md)", totals, res.Winners)
	}
	_, _, err = Engine{}.Guide(names, setup, append(steps, []byte(`{"done":0}`)))
	var se *StepError
	if !errors.As(err, &se) || se.Code != "after_game_end" || se.Rule != "KOD-1" || se.Step != len(steps)+1 {
		t.Fatalf("a round after the game end: %v", err)
	}
}

func TestParseStepNamesTheField(t *testing.T) {
	cases := []struct{ in, field string }{
		{`{}`, "step"},
		{`{"done":0,"pounce":1}`, "step"},
		{`{"hairball":1}`, "step.delta"},
		{`{"pounce":1,"delta":1}`, "step.delta"},
		{`{"cambio":1}`, "step.cambio"},
		{`{"out":"Ana"}`, "step.out"},
		{`{"score":{"players":[{"name":"Ana","cards":["x"]}]}}`, "step.score.players[0].cards[0]"},
		{`{"score":{"players":[{"name":"Ana","pounces":"two"}]}}`, "step.score.players[0].pounces"},
		{`{"score":{"players":[{"name":"Ana"}],"options":{"cycles":2}}}`, "step.score.options"},
	}
	for _, c := range cases {
		_, err := ParseStep([]byte(c.in))
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != c.field {
			t.Errorf("%s: %v, want an error on %s", c.in, err, c.field)
		}
	}
	for _, s := range []Step{{Action: ActDone, Seat: 2}, {Action: ActPounce, Delta: -1}, {Action: ActHairball, Seat: 1, Delta: 1}, {Action: ActOut, Seat: 1}} {
		got, err := ParseStep(StepJSON(s))
		if err != nil || !reflect.DeepEqual(got, s) {
			t.Errorf("%+v read back as %+v, %v", s, got, err)
		}
	}
}

func TestParseSetup(t *testing.T) {
	if s, err := ParseSetup([]byte(`{"kodiak":1,"options":{"cycles":2}}`)); err != nil || s.Kodiak != 1 || s.Options.Cycles != 2 {
		t.Errorf("%+v %v", s, err)
	}
	for in, field := range map[string]string{
		`{"kodiak":"Ana"}`:          "kodiak",
		`{"options":{"cycles":0}}`:  "options.cycles",
		`{"options":{"cycles":21}}`: "options.cycles",
		`{"options":{"target":50}}`: "options.target",
		`{"dealer":0}`:              "dealer",
	} {
		_, err := ParseSetup([]byte(in))
		var ie *scoring.InputError
		if !errors.As(err, &ie) || ie.Field != field {
			t.Errorf("%s: %v, want an error on %s", in, err, field)
		}
	}
}

func FuzzParseStep(f *testing.F) {
	for _, s := range []string{`{"done":0}`, `{"pounce":1}`, `{"pounce":-1}`, `{"hairball":1,"delta":1}`, `{"out":2}`,
		`{"score":{"players":[{"name":"Ana","kodiak":true,"cards":["7"],"pounces":1},{"name":"Ben","cards":[],"hairballs_kept":0}]}}`, `{}`} {
		f.Add([]byte(s))
	}
	pos, _ := Start([]string{"Ana", "Ben"}, Setup{})
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseStep(b)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an InputError: %T %v", err, err)
			}
			return
		}
		back, err := ParseStep(StepJSON(s))
		if err != nil || back.Action != s.Action || back.Seat != s.Seat || back.Delta != s.Delta {
			t.Fatalf("%s → %s → %+v %v", b, StepJSON(s), back, err)
		}
		for _, p := range []Position{pos, apply(t, pos, Step{Action: ActOut, Seat: 1})} {
			if _, serr := p.Apply(s); serr != nil && (serr.Code == "" || serr.Rule == "") {
				t.Fatalf("refusal without code or rule: %+v", serr)
			}
		}
	})
}

func FuzzParseSetup(f *testing.F) {
	for _, s := range []string{`{"kodiak":0}`, `{"kodiak":2,"options":{"cycles":3}}`, `{}`, `{"kodiak":-1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseSetup(b)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an InputError: %T %v", err, err)
			}
			return
		}
		if back, err := ParseSetup(SetupJSON(s)); err != nil || !reflect.DeepEqual(back, s) {
			t.Fatalf("%s read back as %+v, %v", b, back, err)
		}
		if _, err := Start([]string{"Ana", "Ben", "Cy"}, s); err != nil {
			if _, ok := err.(*StepError); !ok {
				t.Fatalf("start: %T %v", err, err)
			}
		}
	})
}

func TestReplay(t *testing.T) {
	ans, err := Replay([]byte(`{"players":["Ana","Ben"],"kodiak":1,"options":{"cycles":1},"steps":[
		{"done":1},{"pounce":1},{"hairball":0,"delta":1},{"out":0},
		{"score":{"players":[{"name":"Ana","hairballs_discarded":1},{"name":"Ben","kodiak":true,"cards":["4"],"pounces":1}]}},
		{"pounce":1},{"pounce":1},{"pounce":1},{"pounce":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if ans.Valid || len(ans.Errors) != 1 || ans.Errors[0].Code != "too_many_pounces" || ans.Errors[0].Step != 9 {
		t.Fatalf("errors %+v", ans.Errors)
	}
	st := ans.State
	if st.Round != 2 || st.Phase != "scoring" || st.Kodiak != "Ana" || st.Pounces != 3 || st.Out != "Ana" || ans.Result != nil {
		t.Errorf("state %+v", st)
	}
	if got := Score(st.Game); got.Players[0].Total != 5 || got.Players[1].Total != -1 {
		t.Errorf("game so far %+v", got.Players)
	}
	for body, field := range map[string]string{
		`{"players":["Ana"],"steps":[]}`:                                "players",
		`{"players":["Ana","ana"]}`:                                     "players[1]",
		`{"players":["Ana","Ben"],"kodiak":2}`:                          "kodiak",
		`{"players":["Ana","Ben"],"options":{"cycles":99}}`:             "options.cycles",
		`{"players":["Ana","Ben"],"steps":[{"pounce":"x"}]}`:            "steps[0].pounce",
		`{"players":["Ana","Ben"],"steps":[{"done":0},{"hairball":1}]}`: "steps[1].delta",
	} {
		_, err := Replay([]byte(body))
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != field {
			t.Errorf("%s: %v, want an error on %s", body, err, field)
		}
	}
}

func FuzzReplay(f *testing.F) {
	f.Add([]byte(`{"players":["Ana","Ben"],"kodiak":1,"options":{"cycles":1},"steps":[{"done":1},{"pounce":1},{"hairball":0,"delta":1},{"out":0},{"score":{"players":[{"name":"Ana","hairballs_discarded":1},{"name":"Ben","kodiak":true,"cards":["4"],"pounces":1}]}}]}`))
	f.Add([]byte(`{"players":["Ana","Ben","Cy"],"steps":[{"pounce":1},{"pounce":1},{"pounce":1},{"pounce":1}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		ans, err := Replay(b)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an InputError: %T %v", err, err)
			}
			return
		}
		if len(ans.Errors) > 1 || ans.Valid != (len(ans.Errors) == 0) || (ans.State.Phase == "over") != (ans.Result != nil) {
			t.Fatalf("answer %+v", ans)
		}
		if ans.State.Pounces < 0 || ans.State.Pounces > MaxPounces {
			t.Fatalf("pounces %d outside 0–3 (KOD-1)", ans.State.Pounces)
		}
	})
}

func TestGuideKeepsThePlayersItStartedWith(t *testing.T) {
	setup := SetupJSON(Setup{Kodiak: 0, Players: []string{"Ana", "Ben"}})
	pos, err := Resume([]string{"Ana", "Ben", "Cy"}, setup, [][]byte{[]byte(`{"done":0}`)})
	if err != nil || len(pos.Players) != 2 || pos.GameRounds() != 2 || pos.ToMove() != "Ben" {
		t.Fatalf("%v %+v", err, pos)
	}
}
