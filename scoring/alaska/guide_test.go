package alaska

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tablemate/scoring"
)

// scriptedSetup and scriptedSteps are a whole 2-player game through most
// kinds of move: salmon placed by the player on the right, flow, a local
// catching a salmon that swims past, casts of one and two cards, a bear
// eating a catch, the eagle chasing an angler, a hooked tourist, the final
// round. cmd/tablemate's HTTP and browser tests tap through the same game.
var scriptedSetup = []byte(`{"first":"Ana","draw_pile":9}`)

var scriptedSteps = []string{
	// Turn 1, Ana: Ben lays her salmon on 4–5, a flow carries it to 3–4,
	// she casts 1 + 2 into 3 and catches it; draws 4 (pile 5).
	`{"do":"salmon","at":4}`, `{"do":"flow"}`, `{"do":"cast","cards":[1,2]}`, `{"do":"end"}`,
	// Turn 2, Ben: Ana lays his salmon on 8–9, he places a local on 6 and
	// casts 3 + 5 into 8: caught, but Ana's bear eats it; draws 4 (pile 1).
	`{"do":"salmon","at":8}`, `{"do":"angler","angler":"local","section":6}`, `{"do":"cast","cards":[3,5]}`, `{"do":"bear_eat","player":"Ana"}`, `{"do":"end"}`,
	// Turn 3, Ana: salmon on 5–6; her flow card carries it off the
	// local's section 6, so the local catches it (ruling ALA-2); a tourist
	// on 9; she draws the last card.
	`{"do":"salmon","at":5}`, `{"do":"flow"}`, `{"do":"angler","angler":"tourist","section":9}`, `{"do":"end"}`,
	// Turn 4, Ben's final turn: salmon on 5–6, beside the local on 6
	// (ALA-2), the eagle chases the local, a cast of 9 hooks the tourist:
	// his turn ends.
	`{"do":"salmon","at":5}`, `{"do":"eagle","section":6}`, `{"do":"cast","cards":[9]}`,
	// Turn 5, Ana's final turn: a cast of 5 catches the salmon; game over.
	`{"do":"cast","cards":[5]}`, `{"do":"end"}`,
}

// scriptedSalmon is what each player has caught at the end of it.
var scriptedSalmon = map[string]int{"Ana": 2, "Ben": 0}

func rawSteps(s []string) [][]byte {
	out := make([][]byte, len(s))
	for i, x := range s {
		out[i] = []byte(x)
	}
	return out
}

func TestGuideReplaysTheScriptedGame(t *testing.T) {
	players := []string{"Ana", "Ben"}
	all := rawSteps(scriptedSteps)
	for i := range all {
		over, _, err := Engine{}.Guide(players, scriptedSetup, all[:i])
		if err != nil || over {
			t.Fatalf("before step %d (%s): over %v, %v", i+1, all[i], over, err)
		}
	}
	over, final, err := Engine{}.Guide(players, scriptedSetup, all)
	if err != nil || !over {
		t.Fatalf("after the last step: over %v, %v", over, err)
	}
	res, err := Engine{}.Check(final)
	if err != nil || !res.Valid {
		t.Fatalf("final state %s: %+v %v", final, res, err)
	}
	for _, p := range res.Players {
		if p.Total != scriptedSalmon[p.Name] {
			t.Errorf("%s: %d salmon, want %d", p.Name, p.Total, scriptedSalmon[p.Name])
		}
	}
	if len(res.Winners) != 1 || res.Winners[0] != "Ana" {
		t.Errorf("winners %v", res.Winners)
	}
	// Replaying is idempotent: the same log gives the same position.
	a, _ := Engine{}.Resume(players, scriptedSetup, all)
	b, _ := Engine{}.Resume(players, scriptedSetup, all)
	if a.Steps != b.Steps || a.River != b.River || a.Players[0] != b.Players[0] || a.Players[1] != b.Players[1] {
		t.Errorf("two replays differ: %+v %+v", a, b)
	}
	// One more step is refused with the rule named.
	_, _, err = Engine{}.Guide(players, scriptedSetup, append(all, []byte(`{"do":"end"}`)))
	var se *StepError
	if !errors.As(err, &se) || se.Code != "after_game_end" || se.Rule != "ALA-1" || se.Step != len(all)+1 {
		t.Fatalf("step after the end: %v", err)
	}
}

func TestGuideInputErrorsNameTheField(t *testing.T) {
	players := []string{"Ana", "Ben"}
	for _, c := range []struct {
		name, setup, step, field string
	}{
		{"unknown setup field", `{"first":"Ana","die":true}`, "", "die"},
		{"draw pile not a number", `{"draw_pile":"many"}`, "", "draw_pile"},
		{"unknown action", `{}`, `{"do":"fish"}`, "step.do"},
		{"missing action", `{}`, `{"at":3}`, "step.do"},
		{"unknown step field", `{}`, `{"do":"cast","card":3}`, "step.card"},
		{"cards not numbers", `{}`, `{"do":"cast","cards":["x"]}`, "step.cards[0]"},
		{"unknown angler_catch", `{"options":{"angler_catch":"always"}}`, "", "options.angler_catch"},
		{"unknown option", `{"options":{"dice":true}}`, "", "options.dice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var steps [][]byte
			if c.step != "" {
				steps = [][]byte{[]byte(c.step)}
			}
			_, _, err := Engine{}.Guide(players, []byte(c.setup), steps)
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("got %v, want an input error", err)
			}
			if in.Field != c.field {
				t.Errorf("field %q, want %q (%s)", in.Field, c.field, in.Message)
			}
		})
	}
}

func TestGuideRefusesSetups(t *testing.T) {
	for _, c := range []struct {
		name    string
		players []string
		setup   string
		code    string
	}{
		{"one player (ALA-1: 2–4)", []string{"Ana"}, `{}`, "player_count"},
		{"five players (ALA-1: 2–4)", []string{"A", "B", "C", "D", "E"}, `{}`, "player_count"},
		{"unknown first player", []string{"Ana", "Ben"}, `{"first":"Zoe"}`, "unknown_player"},
		{"negative draw pile", []string{"Ana", "Ben"}, `{"draw_pile":-1}`, "draw_pile"},
		{"more than the deck holds (CAM-1: 76 − 10 − 8 = 58)", []string{"Ana", "Ben"}, `{"draw_pile":59}`, "draw_pile"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Engine{}.Guide(c.players, []byte(c.setup), nil)
			var se *StepError
			if !errors.As(err, &se) || se.Code != c.code || se.Rule == "" {
				t.Fatalf("got %v, want %s", err, c.code)
			}
		})
	}
	pos, err := Engine{}.Resume([]string{"Ana", "Ben", "Cy"}, []byte(`{"first":" cy "}`), nil)
	if err != nil || pos.ToMove() != "Cy" || pos.DrawPile != 76-10-12 {
		t.Errorf("default pile and first player: %+v %v", pos, err)
	}
}

func TestStepJSONRoundTrips(t *testing.T) {
	for _, raw := range scriptedSteps {
		s, err := ParseStep([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseStep(StepJSON(s))
		if err != nil || string(StepJSON(again)) != string(StepJSON(s)) {
			t.Errorf("%s: %s, %v", raw, StepJSON(again), err)
		}
	}
}

// FuzzParseSetup: no setup may panic; a readable one starts a game or is
// refused by a rule.
func FuzzParseSetup(f *testing.F) {
	f.Add([]byte(`{"first":"Ana","draw_pile":8}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"draw_pile":-3}`))
	f.Add([]byte(`{"first":7}`))
	f.Add([]byte(`{"dice":true,"draw_pile":0}`))
	f.Add([]byte(`{"options":{"angler_catch":"on_contact"}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		s, err := ParseSetup(raw)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		if _, err := Start([]string{"Ana", "Ben"}, s); err != nil {
			if serr, ok := err.(*StepError); !ok || serr.Code == "" {
				t.Fatalf("refusal without a code: %v", err)
			}
		}
	})
}

// FuzzParseStep: no step may panic; a readable one is applied or refused
// with a code, and never makes salmon out of nothing.
func FuzzParseStep(f *testing.F) {
	for _, s := range scriptedSteps {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"do":"cast","cards":[13,-4,2]}`))
	f.Add([]byte(`{"do":"flow","count":-2}`))
	f.Add([]byte(`{"do":"cast","cards":[9],"roll":"salmon"}`))
	f.Add([]byte(`{"do":"cast","cards":[12,13]}`))
	f.Add([]byte(`{"do":"cast","cards":[0],"roll":"angler"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		st, err := ParseStep(raw)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		// Apply it at a busy point of the scripted game.
		pos, rerr := Engine{}.Resume([]string{"Ana", "Ben"}, scriptedSetup, rawSteps(scriptedSteps[:10]))
		if rerr != nil {
			t.Fatal(rerr)
		}
		next, serr := pos.Apply(st)
		if serr != nil {
			if serr.Code == "" || serr.Rule == "" {
				t.Fatalf("refusal without code or rule: %+v", serr)
			}
			return
		}
		before := salmonCount(pos.River) + pos.Players[0].Salmon + pos.Players[1].Salmon
		after := salmonCount(next.River) + next.Players[0].Salmon + next.Players[1].Salmon
		if st.Do != DoSalmon && after > before {
			t.Fatalf("%s made salmon: %d → %d", raw, before, after)
		}
		if _, err := json.Marshal(next.Final()); err != nil {
			t.Fatal(err)
		}
	})
}

func TestReplay(t *testing.T) {
	body := func(steps []string) []byte {
		return []byte(`{"players":["Ana","Ben"],"first":"Ana","draw_pile":9,"steps":[` + strings.Join(steps, ",") + `]}`)
	}
	ans, err := Engine{}.Replay(body(scriptedSteps))
	if err != nil || !ans.Valid || ans.Result == nil || !ans.State.GameOver {
		t.Fatalf("whole game: %+v %v", ans, err)
	}
	if ans.Result.Players[0].Total != 2 || ans.Result.Winners[0] != "Ana" {
		t.Errorf("result %+v", ans.Result)
	}
	// Replay stops at the first refused step, with the position before it.
	ans, err = Engine{}.Replay(body([]string{`{"do":"salmon","at":4}`, `{"do":"end"}`, `{"do":"flow"}`}))
	if err != nil || ans.Valid || len(ans.Errors) != 1 || ans.Errors[0].Code != "keep_too_many" || ans.Errors[0].Step != 2 || ans.Result != nil {
		t.Fatalf("refused: %+v %v", ans, err)
	}
	if ans.State.River.SalmonAt(4) != 1 || ans.State.Players[0].Hand != 3 || ans.State.Phase != PhaseSalmon {
		t.Errorf("state before the refusal: %+v", ans.State)
	}
	for _, c := range []struct{ body, field string }{
		{`{"players":["Ana"," ana "]}`, "players[1]"},
		{`{"first":"Ana"}`, "players"},
		{`{"players":["Ana","Ben"],"steps":[{"do":"cast"},{"do":"x"}]}`, "steps[1].do"},
		{`{"players":["Ana","Ben"],"first":"Zoe"}`, "first"},
		{`{"players":["Ana","Ben","Cy","Dee","Eve"]}`, "players"},
		{`{"players":["Ana","Ben"],"draw_pile":100}`, "draw_pile"},
		{`{"players":["Ana","Ben"],"fish":1}`, "fish"},
	} {
		_, err := Engine{}.Replay([]byte(c.body))
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != c.field {
			t.Errorf("%s: %v, want field %s", c.body, err, c.field)
		}
	}
}

// FuzzReplay: no body may panic or come back as anything but an answer
// or an input error.
func FuzzReplay(f *testing.F) {
	f.Add([]byte(`{"players":["Ana","Ben"],"first":"Ana","draw_pile":9,"steps":[` + strings.Join(scriptedSteps, ",") + `]}`))
	f.Add([]byte(`{"players":["Ana","Ben"],"steps":[{"do":"bear_eat","player":"Ben"}]}`))
	f.Add([]byte(`{"players":[]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		ans, err := Engine{}.Replay(body)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		if ans.Valid != (len(ans.Errors) == 0) || (ans.Result != nil) != ans.State.GameOver {
			t.Fatalf("inconsistent answer: %+v", ans)
		}
	})
}

// Ruling ALA-2's option reaches guided play through the setup and the
// play API's options, and the finished game's score request keeps it.
func TestGuideAnglerCatchOption(t *testing.T) {
	players := []string{"Ana", "Ben"}
	setup := []byte(`{"first":"Ana","draw_pile":0,"options":{"angler_catch":"on_contact"}}`)
	s, err := ParseSetup(setup)
	if err != nil || !s.Options.OnContact() {
		t.Fatalf("setup %+v %v", s, err)
	}
	// Ana's local on 4, Ben's salmon on 4–5 and one flow: caught at once
	// on contact, beside the local by default.
	steps := rawSteps([]string{`{"do":"angler","angler":"local","section":4}`, `{"do":"cast","cards":[12]}`, `{"do":"cast","cards":[0]}`, `{"do":"cast","cards":[11]}`, `{"do":"end"}`,
		`{"do":"salmon","at":4}`, `{"do":"flow"}`})
	for _, c := range []struct {
		setup  string
		salmon int
	}{{`{"first":"Ana","draw_pile":0,"options":{"angler_catch":"on_contact"}}`, 0}, {`{"first":"Ana","draw_pile":0}`, 1}} {
		pos, err := Engine{}.Resume(players, []byte(c.setup), steps)
		if err != nil {
			t.Fatalf("%s: %v", c.setup, err)
		}
		if n := pos.River.SalmonAt(3); n != c.salmon {
			t.Errorf("%s: %d salmon beside the local, want %d", c.setup, n, c.salmon)
		}
	}
	ans, err := Engine{}.Replay([]byte(`{"players":["Ana","Ben"],"draw_pile":0,"options":{"angler_catch":"on_contact"},"steps":[{"do":"cast","cards":[13]},{"do":"cast","cards":[13]},{"do":"cast","cards":[13]},{"do":"cast","cards":[13]},{"do":"end"},{"do":"cast","cards":[1]},{"do":"cast","cards":[2]},{"do":"cast","cards":[3]},{"do":"cast","cards":[4]},{"do":"end"}]}`))
	if err != nil || !ans.Valid || !ans.State.Options.OnContact() || ans.Result == nil || !ans.Result.Valid {
		t.Fatalf("replay %+v %v", ans, err)
	}
	over, final, err := Engine{}.Guide(players, []byte(`{"draw_pile":0,"options":{"angler_catch":"on_contact"}}`), rawSteps([]string{
		`{"do":"cast","cards":[13]}`, `{"do":"cast","cards":[13]}`, `{"do":"cast","cards":[13]}`, `{"do":"cast","cards":[13]}`, `{"do":"end"}`,
		`{"do":"cast","cards":[1]}`, `{"do":"cast","cards":[2]}`, `{"do":"cast","cards":[3]}`, `{"do":"cast","cards":[4]}`, `{"do":"end"}`}))
	if err != nil || !over || !strings.Contains(string(final), `"options":{"angler_catch":"on_contact"}`) {
		t.Errorf("final %s over %v %v", final, over, err)
	}
	if _, err := (Engine{}).Replay([]byte(`{"players":["Ana","Ben"],"options":{"angler_catch":"no"}}`)); err == nil || err.(*scoring.InputError).Field != "options.angler_catch" {
		t.Errorf("a bad option: %v", err)
	}
}

// The table's chosen first player (the rule text: the oldest player
// starts) has the first turn; someone not at the table is refused
// (unknown_player, ruling ALA-1).
func TestTheChosenFirstPlayerStarts(t *testing.T) {
	players := []string{"Ana", "Ben", "Cy"}
	for _, tc := range []struct{ first, want string }{{"", "Ana"}, {"Ana", "Ana"}, {"Ben", "Ben"}, {"Cy", "Cy"}} {
		setup, _ := json.Marshal(Setup{First: tc.first})
		p, err := (Rules{}).Start(players, setup)
		if err != nil {
			t.Fatalf("first %q: %v", tc.first, err)
		}
		if got := p.ToMove(); got != tc.want {
			t.Errorf("first %q: %s moves first, want %s", tc.first, got, tc.want)
		}
	}
	var se *scoring.StepError
	if _, err := (Rules{}).Start(players, []byte(`{"first":"Zed"}`)); !errors.As(err, &se) || se.Code != "unknown_player" || se.Rule != "ALA-1" {
		t.Errorf("a first player not at the table: %v, want unknown_player (ALA-1)", err)
	}
}
