package runemarket

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"tablemate/scoring"
)

// scriptedSetup and scriptedSteps are a whole 2-player game through every phase, used by the
// HTTP and browser tests too: the market holds 3 red and 2 blue runes.
var scriptedSetup = []byte(`{"market":{"red":3,"blue":2,"boat_shelters":1,"bandits":1},"first":"Ana"}`)

var scriptedSteps = []string{
	// Ana: nothing to earn; plays a red shelter.
	`{"do":"interest"}`, `{"do":"shelter","colour":"red"}`, `{"do":"draw"}`,
	// Ben: buys a blue rune with 4+6, then a red one with 5.
	`{"do":"interest"}`, `{"do":"rune","colour":"blue","cards":[4,6]}`, `{"do":"rune","colour":"red","cards":[5]}`, `{"do":"draw"}`,
	// Ana: buys a red rune with 2+3 and puts it in her shelter.
	`{"do":"interest"}`, `{"do":"rune","colour":"red","cards":[2,3]}`, `{"do":"place","colour":"red","count":1}`, `{"do":"draw"}`,
	// Ben: attacks Ana with a 9 and wins: steals her red rune.
	`{"do":"interest"}`, `{"do":"duel","player":"Ana","card":9,"won":true,"steal":[{"from":"Ana","take":"rune","colour":"red"}]}`, `{"do":"draw"}`,
	// Ana: her shelter is empty, no interest; buys the last blue rune (1 red left).
	`{"do":"interest"}`, `{"do":"rune","colour":"blue","cards":[8,7]}`, `{"do":"draw"}`,
	// Ben: buys the market's last rune: the game ends (RUN-1).
	`{"do":"interest"}`, `{"do":"rune","colour":"red","cards":[1,4]}`,
	// The table confirms the final ranking.
	`{"do":"finish"}`,
}

func steps(raw []string) [][]byte {
	out := make([][]byte, len(raw))
	for i, s := range raw {
		out[i] = []byte(s)
	}
	return out
}

func TestGuideReplaysAWholeGame(t *testing.T) {
	players := []string{"Ana", "Ben"}
	all := steps(scriptedSteps)
	for i := range all {
		over, _, err := Engine{}.Guide(players, scriptedSetup, all[:i])
		if err != nil || over {
			t.Fatalf("before step %d (%s): over %v, %v", i+1, all[i], over, err)
		}
	}
	over, final, err := Engine{}.Guide(players, scriptedSetup, all)
	if err != nil || !over {
		t.Fatalf("after the last rune: over %v, %v", over, err)
	}
	res, err := Engine{}.Check(final)
	if err != nil || !res.Valid {
		t.Fatalf("final state: %+v %v", res, err)
	}
	// Ana: 1 blue; Ben: blue, red, Ana's red, the last red = 4.
	if res.Players[0].Total != 1 || res.Players[1].Total != 4 || len(res.Winners) != 1 || res.Winners[0] != "Ben" {
		t.Errorf("result %+v", res)
	}
	// Any further step is refused by the rules.
	_, _, err = Engine{}.Guide(players, scriptedSetup, append(all, []byte(`{"do":"draw"}`)))
	var se *StepError
	if !errors.As(err, &se) || se.Code != "after_game_end" || se.Rule != "RUN-1" || se.Step != len(all)+1 {
		t.Fatalf("step after the end: %v", err)
	}
	// StepJSON round-trips through ParseStep.
	for _, raw := range scriptedSteps {
		s, err := ParseStep([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseStep(StepJSON(s))
		if err != nil || string(StepJSON(back)) != string(StepJSON(s)) {
			t.Errorf("%s does not round-trip: %s", raw, StepJSON(s))
		}
	}
}

func TestGuideInputErrors(t *testing.T) {
	players := []string{"Ana", "Ben"}
	tests := []struct {
		name  string
		setup string
		step  string
		field string
	}{
		{"setup unknown field", `{"market":{"red":3},"first":"Ana","deck":4}`, "", "deck"},
		{"setup market colour", `{"market":{"green":3},"first":"Ana"}`, "", "market.green"},
		{"setup not JSON", `{`, "", ""},
		{"step unknown action", string(scriptedSetup), `{"do":"dance"}`, "step.do"},
		{"step wrong type", string(scriptedSetup), `{"do":"rune","cards":"5"}`, "step.cards"},
		{"step unknown field", string(scriptedSetup), `{"do":"interest","bonus":1}`, "step.bonus"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var st [][]byte
			if tt.step != "" {
				st = [][]byte{[]byte(tt.step)}
			}
			_, _, err := Engine{}.Guide(players, []byte(tt.setup), st)
			var in *scoring.InputError
			if !errors.As(err, &in) || in.Field != tt.field {
				t.Errorf("err %v, want an input error on %q", err, tt.field)
			}
		})
	}
	// A setup the rules refuse is a StepError at step 0.
	_, _, err := Engine{}.Guide([]string{"Ana"}, scriptedSetup, nil)
	var se *StepError
	if !errors.As(err, &se) || se.Code != "player_count" || se.Step != 0 {
		t.Errorf("one player: %v", err)
	}
}

// FuzzParseSetup: any bytes give a setup or an input error, never a panic,
// and a setup read once reads the same after writing it back.
func FuzzParseSetup(f *testing.F) {
	f.Add(scriptedSetup)
	f.Add([]byte(`{"market":{"red":-1},"first":" "}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		s, err := ParseSetup(raw)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		b, _ := json.Marshal(s)
		again, err := ParseSetup(b)
		if err != nil || again != s {
			t.Fatalf("%s reads back as %+v, %v", b, again, err)
		}
		_, _, _ = Engine{}.Guide([]string{"Ana", "Ben"}, raw, nil)
	})
}

// FuzzParseStep: any step bytes give a step or an input error, and the
// engine applies or refuses a parsed step at any point of the scripted
// game without panicking; a refusal always names a code and a rule.
func FuzzParseStep(f *testing.F) {
	for _, s := range scriptedSteps {
		f.Add([]byte(s), uint8(3))
	}
	f.Add([]byte(`{"do":"finish","highest_number_cards":{"Ana":3}}`), uint8(19))
	f.Add([]byte(`{"do":"buy","item":"bandit","pay":"red","player":"Ben","shelter":"red"}`), uint8(4))
	f.Add([]byte(`{"do":"buy","item":"bandit","cards":[13,8],"player":"Ben","shelter":"boat_shelter","colour":"blue"}`), uint8(4))
	f.Fuzz(func(t *testing.T, raw []byte, at uint8) {
		s, err := ParseStep(raw)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		if _, err := ParseStep(StepJSON(s)); err != nil {
			t.Fatalf("StepJSON of %s does not parse: %v", raw, err)
		}
		all := steps(scriptedSteps)
		pos, err := Engine{}.Resume([]string{"Ana", "Ben"}, scriptedSetup, all[:int(at)%(len(all)+1)])
		if err != nil {
			t.Fatal(err)
		}
		next, serr := pos.Apply(s)
		if serr != nil {
			if serr.Code == "" || serr.Rule == "" || serr.Message == "" {
				t.Fatalf("refusal without code or rule: %+v", serr)
			}
			return
		}
		if next.Market.Red < 0 || next.Market.Blue < 0 || next.Market.Bandits < 0 || next.Market.BoatShelters < 0 {
			t.Fatalf("market below 0: %+v", next.Market)
		}
		for _, p := range next.Players {
			if p.Hand < 0 || p.Runes.Red < 0 || p.Runes.Blue < 0 {
				t.Fatalf("%s below 0: %+v", p.Name, p)
			}
		}
	})
}

func TestReplay(t *testing.T) {
	body := `{"players":["Ana","Ben"],"market":{"red":3,"blue":2,"boat_shelters":1,"bandits":1},"first":"Ana","steps":[` + strings.Join(scriptedSteps, ",") + `]}`
	ans, err := Engine{}.Replay([]byte(body))
	if err != nil || !ans.Valid || ans.Result == nil || !ans.State.GameOver || ans.Result.Winners[0] != "Ben" {
		t.Fatalf("whole game: %+v %v", ans, err)
	}
	// A refused step stops the replay and says why.
	body = `{"players":["Ana","Ben"],"market":{"red":3},"first":"Ana","steps":[{"do":"interest"},{"do":"draw"},{"do":"interest"}]}`
	ans, err = Engine{}.Replay([]byte(body))
	if err != nil || ans.Valid || len(ans.Errors) != 1 || ans.Errors[0].Code != "hand_card_required" || ans.Errors[0].Step != 2 ||
		ans.State.Phase != PhasePurchases || ans.State.Player != "Ana" || ans.Result != nil {
		t.Fatalf("refused draw: %+v %v", ans, err)
	}
	for _, tt := range []struct{ body, field string }{
		{`{"market":{"red":3},"first":"Ana"}`, "players"},
		{`{"players":["Ana","ana"],"market":{"red":3},"first":"Ana"}`, "players[1]"},
		{`{"players":["Ana"],"market":{"red":3},"first":"Ana"}`, "players"},
		{`{"players":["Ana","Ben"],"market":{"red":3},"first":"Cy"}`, "first"},
		{`{"players":["Ana","Ben"],"market":{},"first":"Ana"}`, "market"},
		{`{"players":["Ana","Ben"],"market":{"red":3},"first":"Ana","steps":[{"do":"fly"}]}`, "steps[0].do"},
	} {
		_, err := Engine{}.Replay([]byte(tt.body))
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != tt.field {
			t.Errorf("%s: %v, want an input error on %s", tt.body, err, tt.field)
		}
	}
}

// The table's chosen first player (the rule text: the youngest, then the
// last round's winner) has the first turn; someone not at the table is
// refused (unknown_player, ruling RUN-1).
func TestTheChosenFirstPlayerStarts(t *testing.T) {
	players := []string{"Ana", "Ben", "Cy"}
	market := Market{Red: 3, Blue: 2, BoatShelters: 1, Bandits: 1}
	for _, first := range players {
		setup, _ := json.Marshal(Setup{Market: market, First: first})
		p, err := (Rules{}).Start(players, setup)
		if err != nil {
			t.Fatalf("first %q: %v", first, err)
		}
		if got := p.ToMove(); got != first {
			t.Errorf("first %q: %s moves first", first, got)
		}
	}
	for _, bad := range []string{"Zed", ""} {
		setup, _ := json.Marshal(Setup{Market: market, First: bad})
		var se *scoring.StepError
		if _, err := (Rules{}).Start(players, setup); !errors.As(err, &se) || se.Code != "unknown_player" || se.Rule != "RUN-1" {
			t.Errorf("first %q: %v, want unknown_player (RUN-1)", bad, err)
		}
	}
}

// TestStealTakesOneTheftAsItself: docs/api-rune-market-play.md says a
// thief's steal is "1 theft": the theft itself is read as a list of one,
// and a theft's unknown field is named with its full path.
func TestStealTakesOneTheftAsItself(t *testing.T) {
	one, err := ParseStep([]byte(`{"do":"thief","steal":{"from":"Ben","take":"rune","colour":"red"}}`))
	if err != nil {
		t.Fatal(err)
	}
	list, err := ParseStep([]byte(`{"do":"thief","steal":[{"from":"Ben","take":"rune","colour":"red"}]}`))
	if err != nil || !reflect.DeepEqual(one, list) || len(one.Steal) != 1 || one.Steal[0].From != "Ben" {
		t.Fatalf("one theft %+v, a list of one %+v (%v)", one, list, err)
	}
	for body, field := range map[string]string{
		`{"do":"thief","steal":{"from":"Ben","take":"rune","colour":"red","x":1}}`:   "step.steal.x",
		`{"do":"thief","steal":[{"from":"Ben","take":"rune"},{"from":"Ben","y":1}]}`: "step.steal[1].y",
		`{"do":"thief","steal":null}`:  "step.steal",
		`{"do":"thief","steal":"Ben"}`: "step.steal",
		`{"do":"thief","Steal":[]}`:    "step.Steal",
	} {
		var in *scoring.InputError
		if _, err := ParseStep([]byte(body)); !errors.As(err, &in) || in.Field != field {
			t.Errorf("%s: %v, want an input error on %s", body, err, field)
		}
	}
}
