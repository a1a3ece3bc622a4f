package cambio

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"

	"tablemate/scoring"
)

// TestGuideReplaysTheRuleTextGame plays testdata/three-rounds-to-50.json
// through guided play — turns, the Cambio calls, a penalty card — and
// checks that the final request scores exactly as the file does.
func TestGuideReplaysTheRuleTextGame(t *testing.T) {
	want := loadGame(t, "testdata/three-rounds-to-50.json")
	names := make([]string, len(want.Players))
	for i, p := range want.Players {
		names[i] = p.Name
	}
	setup := SetupJSON(Setup{Dealer: 0})
	var steps [][]byte
	step := func(s Step) {
		t.Helper()
		steps = append(steps, StepJSON(s))
		if _, _, err := (Engine{}).Guide(names, setup, steps); err != nil {
			t.Fatalf("step %d %s: %v", len(steps), steps[len(steps)-1], err)
		}
	}
	n := len(names)
	for j := range want.Players[0].Rounds {
		caller := NoCaller
		for i, p := range want.Players {
			if p.Rounds[j].Cambio {
				caller = i
			}
		}
		dealer := Dealer(j+1, n)
		step(Step{Action: ActPenalty, Seat: (dealer + 1) % n, Delta: 1})
		if caller == NoCaller {
			step(Step{Action: ActDone, Seat: dealer})
			step(Step{Action: ActOut, Seat: dealer})
		} else {
			for seat := dealer; seat != caller; seat = (seat + 1) % n {
				step(Step{Action: ActDone, Seat: seat})
			}
			step(Step{Action: ActCambio, Seat: caller})
			for k := 1; k < n; k++ {
				step(Step{Action: ActDone, Seat: (caller + k) % n})
			}
		}
		r := RoundEntry{}
		for i, p := range want.Players {
			r.Players = append(r.Players, RoundPlayer{Name: p.Name, Cards: p.Rounds[j].Cards, Cambio: i == caller})
		}
		step(Step{Action: ActScore, Round: &r})
	}
	over, final, err := Engine{}.Guide(names, setup, steps)
	if err != nil || !over {
		t.Fatalf("over %v, %v", over, err)
	}
	got, err := Engine{}.Check(final)
	if err != nil {
		t.Fatal(err)
	}
	if exp := Score(want); !reflect.DeepEqual(got, exp) {
		t.Errorf("guided result\n%+v\nwant\n%+v", got, exp)
	}
	// A further step is refused with the rule named.
	_, _, err = Engine{}.Guide(names, setup, append(steps, StepJSON(Step{Action: ActDone, Seat: 0})))
	var se *StepError
	if !errors.As(err, &se) || se.Code != "after_game_end" || se.Rule != "CAM-2" || se.Step != len(steps)+1 {
		t.Fatalf("step after the end: %v", err)
	}
}

func loadGame(t *testing.T, path string) State {
	t.Helper()
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestGuideKeepsTheTableOptions(t *testing.T) {
	names := []string{"Ana", "Ben"}
	setup := []byte(`{"dealer":1,"options":{"cambio_tie":"penalty","target":10}}`)
	steps := [][]byte{
		[]byte(`{"cambio":1}`), []byte(`{"done":0}`),
		[]byte(`{"score":{"players":[{"name":"ben","cards":["3"],"cambio":true},{"name":"Ana","cards":["3","10"]}]}}`),
	}
	pos, err := Engine{}.Resume(names, setup, steps[:2])
	if err != nil || pos.Phase != Scoring {
		t.Fatalf("%v phase %d", err, pos.Phase)
	}
	over, final, err := Engine{}.Guide(names, setup, steps)
	if err != nil || !over {
		t.Fatalf("Ana reached the target of 10: over %v %v", over, err)
	}
	res, _ := Engine{}.Check(final)
	if res.Players[0].Total != 13 || res.Players[1].Total != -2 || !reflect.DeepEqual(res.Winners, []string{"Ben"}) {
		t.Errorf("result %+v", res)
	}
}

func TestParseStepNamesTheField(t *testing.T) {
	cases := []struct{ in, field string }{
		{`{}`, "step"},
		{`{"done":0,"out":1}`, "step"},
		{`{"done":"Ana"}`, "step.done"},
		{`{"penalty":1}`, "step.delta"},
		{`{"done":1,"delta":1}`, "step.delta"},
		{`{"pass":1}`, "step.pass"},
		{`{"score":{"players":[{"name":"Ana","cards":["14"]}]}}`, "step.score.players[0].cards[0]"},
		{`{"score":{"players":[{"name":"Ana","cards":[]}],"options":{"target":60}}}`, "step.score.options"},
		{`{"score":{"players":[]}}`, "step.score.players"},
		{`[`, "step"},
	}
	for _, c := range cases {
		_, err := ParseStep([]byte(c.in))
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != c.field {
			t.Errorf("%s: %v, want an error on %s", c.in, err, c.field)
		}
	}
	for _, s := range []Step{{Action: ActDone, Seat: 2}, {Action: ActCambio}, {Action: ActOut, Seat: 1}, {Action: ActPenalty, Seat: 1, Delta: -1}} {
		got, err := ParseStep(StepJSON(s))
		if err != nil || !reflect.DeepEqual(got, s) {
			t.Errorf("%+v read back as %+v, %v", s, got, err)
		}
	}
}

func TestParseSetup(t *testing.T) {
	if s, err := ParseSetup([]byte(`{"dealer":2}`)); err != nil || s.Dealer != 2 || s.Options.Limit() != 50 || s.Options.Tie() != TieReward {
		t.Errorf("%+v %v", s, err)
	}
	for in, field := range map[string]string{
		`{"dealer":"Ana"}`:                    "dealer",
		`{"options":{"target":0}}`:            "options.target",
		`{"options":{"cambio_tie":"maybe"}}`:  "options.cambio_tie",
		`{"row":[]}`:                          "row",
		`{"dealer":0,"options":{"cycles":1}}`: "options.cycles",
	} {
		_, err := ParseSetup([]byte(in))
		var ie *scoring.InputError
		if !errors.As(err, &ie) || ie.Field != field {
			t.Errorf("%s: %v, want an error on %s", in, err, field)
		}
	}
}

func FuzzParseStep(f *testing.F) {
	for _, s := range []string{`{"done":0}`, `{"cambio":1}`, `{"out":2}`, `{"penalty":0,"delta":-1}`,
		`{"score":{"players":[{"name":"Ana","cards":["7","red-king"],"cambio":true},{"name":"Ben","cards":[]}]}}`, `{}`, `null`} {
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
		// A step that reads reads back the same, and applying it never
		// panics: it is accepted or refused with a code and a rule.
		back, err := ParseStep(StepJSON(s))
		if err != nil || back.Action != s.Action || back.Seat != s.Seat {
			t.Fatalf("%s → %s → %+v %v", b, StepJSON(s), back, err)
		}
		for _, p := range []Position{pos, apply(t, pos, Step{Action: ActOut, Seat: 0})} {
			if _, serr := p.Apply(s); serr != nil && (serr.Code == "" || serr.Rule == "") {
				t.Fatalf("refusal without code or rule: %+v", serr)
			}
		}
	})
}

func FuzzParseSetup(f *testing.F) {
	for _, s := range []string{`{"dealer":0}`, `{"dealer":1,"options":{"cambio_tie":"penalty","target":60}}`, `{}`, `{"dealer":-3}`} {
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
		back, err := ParseSetup(SetupJSON(s))
		if err != nil || !reflect.DeepEqual(back, s) {
			t.Fatalf("%s read back as %+v, %v", b, back, err)
		}
		if _, err := Start([]string{"Ana", "Ben", "Cy"}, s); err != nil {
			if _, ok := err.(*StepError); !ok {
				t.Fatalf("start: %T %v", err, err)
			}
		}
		var js map[string]any
		if json.Unmarshal(SetupJSON(s), &js) != nil {
			t.Fatal("setup JSON does not read")
		}
	})
}

func TestReplay(t *testing.T) {
	ans, err := Engine{}.Replay([]byte(`{"players":["Ana","Ben","Cy"],"dealer":2,"options":{"target":20},"steps":[
		{"done":2},{"penalty":1,"delta":1},{"cambio":0},{"done":1},{"done":2},
		{"score":{"players":[{"name":"Ana","cards":["1"],"cambio":true},{"name":"Ben","cards":["13","13"]},{"name":"Cy","cards":["5"]}]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !ans.Valid || len(ans.Errors) != 0 || ans.Result == nil || !reflect.DeepEqual(ans.Result.Winners, []string{"Ana"}) {
		t.Fatalf("answer %+v", ans)
	}
	// Ben passed 20 in round 1, so the game is over: a further step is
	// refused and the replay stops there (ruling CAM-2).
	ans, _ = Engine{}.Replay([]byte(`{"players":["Ana","Ben","Cy"],"dealer":2,"options":{"target":20},"steps":[
		{"done":2},{"cambio":0},{"done":1},{"done":2},
		{"score":{"players":[{"name":"Ana","cards":["1"],"cambio":true},{"name":"Ben","cards":["13","13"]},{"name":"Cy","cards":["5"]}]}},
		{"done":1}]}`))
	if ans.Valid || len(ans.Errors) != 1 || ans.Errors[0].Code != "after_game_end" || ans.Errors[0].Step != 6 || ans.State.Phase != "over" {
		t.Fatalf("a step after the end: %+v", ans)
	}
	mid, _ := Engine{}.Replay([]byte(`{"players":["Ana","Ben","Cy"],"steps":[{"done":0},{"cambio":1},{"penalty":0,"delta":1}]}`))
	if st := mid.State; st.Phase != "playing" || st.Player != "Cy" || st.Caller != "Ben" || !reflect.DeepEqual(st.LastTurns, []string{"Cy", "Ana"}) ||
		!reflect.DeepEqual(st.Penalties, []int{1, 0, 0}) || st.Dealer != "Ana" {
		t.Errorf("state %+v", st)
	}
	for body, field := range map[string]string{
		`{"players":["Ana"]}`:                               "players",
		`{"players":["Ana",""]}`:                            "players[1]",
		`{"players":["Ana","Ben"],"dealer":5}`:              "dealer",
		`{"players":["Ana","Ben"],"options":{"target":0}}`:  "options.target",
		`{"players":["Ana","Ben"],"steps":[{"out":"Ben"}]}`: "steps[0].out",
		`{"players":["Ana","Ben"],"steps":[{"done":0},{}]}`: "steps[1]",
		`{"players":["Ana","Ben"],"row":[]}`:                "row",
	} {
		_, err := Engine{}.Replay([]byte(body))
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != field {
			t.Errorf("%s: %v, want an error on %s", body, err, field)
		}
	}
}

func FuzzReplay(f *testing.F) {
	f.Add([]byte(`{"players":["Ana","Ben","Cy"],"dealer":2,"options":{"target":20},"steps":[{"done":2},{"penalty":1,"delta":1},{"cambio":0},{"done":1},{"done":2},{"score":{"players":[{"name":"Ana","cards":["1"],"cambio":true},{"name":"Ben","cards":["13","13"]},{"name":"Cy","cards":["5"]}]}}]}`))
	f.Add([]byte(`{"players":["Ana","Ben"],"steps":[{"out":1},{"score":{"players":[{"name":"Ana","cards":["v:-2"]},{"name":"Ben"}]}}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		ans, err := Engine{}.Replay(b)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an InputError: %T %v", err, err)
			}
			return
		}
		// Errors hold at most the one step replay stopped at, and a
		// finished game comes with its score.
		if len(ans.Errors) > 1 || ans.Valid != (len(ans.Errors) == 0) || (ans.State.Phase == "over") != (ans.Result != nil) {
			t.Fatalf("answer %+v", ans)
		}
		if _, err := json.Marshal(ans); err != nil {
			t.Fatal(err)
		}
	})
}

// A player who joins the table during a guided game watches it: the game
// keeps the players its setup recorded (and the seat rotation with them).
func TestGuideKeepsThePlayersItStartedWith(t *testing.T) {
	setup := SetupJSON(Setup{Dealer: 1, Players: []string{"Ana", "Ben"}})
	steps := [][]byte{[]byte(`{"done":1}`), []byte(`{"out":0}`),
		[]byte(`{"score":{"players":[{"name":"Ana","cards":[]},{"name":"Ben","cards":["13","13","13","13"]}]}}`)}
	over, final, err := Engine{}.Guide([]string{"Ana", "Ben", "Dee"}, setup, steps)
	if err != nil || !over {
		t.Fatalf("over %v %v", over, err)
	}
	res, _ := Engine{}.Check(final)
	if len(res.Players) != 2 || !res.Valid {
		t.Errorf("final %+v", res)
	}
	_, err = Engine{}.Resume([]string{"Ana", "Ben"}, []byte(`{"players":["Ana","Zed"]}`), nil)
	var in *scoring.InputError
	if !errors.As(err, &in) || in.Field != "players[1]" {
		t.Errorf("a setup player not at the table: %v", err)
	}
	if _, err := ParseSetup([]byte(`{"players":["Ana","ana"]}`)); !errors.As(err, &in) || in.Field != "players[1]" {
		t.Errorf("duplicate setup players: %v", err)
	}
}
