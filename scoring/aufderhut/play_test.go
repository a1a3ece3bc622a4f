package aufderhut

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
)

func start(t *testing.T, variant string, names ...string) Position {
	t.Helper()
	p, err := Start(names, variant)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// play applies steps that must all be accepted (warnings allowed).
func play(t *testing.T, p Position, steps ...Step) Position {
	t.Helper()
	for _, s := range steps {
		next, err := p.Apply(s)
		if err != nil && !err.Warning {
			t.Fatalf("step %+v: %v", s, err)
		}
		p = next
	}
	return p
}

func repeat(s Step, n int) []Step {
	out := make([]Step, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func TestStart(t *testing.T) {
	p := start(t, "", "Ida", "Jan")
	if p.Variant != Standard || p.CharactersLeft != 13 || p.HatsLeft != 17 || p.Turn != 0 || p.Over() || p.WithHats() != 7 {
		t.Fatalf("got %+v", p)
	}
	for _, bad := range []struct {
		names   []string
		variant string
		field   string
	}{
		{[]string{"Ida"}, Standard, "players"},
		{[]string{"A", "B", "C", "D", "E", "F", "G"}, Standard, "players"},
		{[]string{"Ida", "ida"}, Standard, "players[1]"},
		{[]string{"Ida", " "}, Standard, "players[1]"},
		{[]string{"Ida", "Jan"}, "long", "options.variant"},
	} {
		_, err := Start(bad.names, bad.variant)
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != bad.field {
			t.Errorf("Start(%v, %q) = %v, want field %q", bad.names, bad.variant, err, bad.field)
		}
	}
}

func TestOutcomes(t *testing.T) {
	// ruling ADH-2: what each reveal takes from the piles.
	p := start(t, Standard, "Ida", "Jan")
	p = play(t, p, Step{Reveal: 2, Outcome: Match})
	if p.CharactersLeft != 12 || p.HatsLeft != 16 || p.Players[0].Characters != 1 || p.Turn != 1 {
		t.Fatalf("after a match: %+v", p)
	}
	p = play(t, p, Step{Reveal: 4, Outcome: Wonderhat})
	if p.CharactersLeft != 12 || p.HatsLeft != 15 || p.Players[1].Wonderhats != 1 || p.Turn != 0 {
		t.Fatalf("after a wonderhat: %+v", p)
	}
	p = play(t, p, Step{Reveal: 6, Outcome: Miss}, Step{Look: 3}, Step{Swap: [2]int{1, 5}})
	if p.CharactersLeft != 12 || p.HatsLeft != 15 || p.Players[0].BaldHeads != 1 || p.Steps != 5 || p.Turn != 1 {
		t.Fatalf("after a miss, look and swap: %+v", p)
	}
}

func TestApplyLeavesReceiver(t *testing.T) {
	p := start(t, Standard, "Ida", "Jan")
	next := play(t, p, Step{Reveal: 1, Outcome: Match})
	if p.Players[0].Characters != 0 || p.CharactersLeft != 13 || next.Players[0].Characters != 1 {
		t.Fatalf("Apply changed its receiver: %+v", p)
	}
}

func TestStepErrors(t *testing.T) {
	fresh := start(t, Standard, "Ida", "Jan")
	ended := play(t, fresh, repeat(Step{Reveal: 1, Outcome: Match}, 14)...)
	tests := []struct {
		name string
		p    Position
		step Step
		code string
	}{
		{"spot 8", fresh, Step{Look: 8}, "no_such_spot"},
		{"spot -1", fresh, Step{Reveal: -1, Outcome: Miss}, "no_such_spot"},
		{"swap off the display", fresh, Step{Swap: [2]int{7, 9}}, "no_such_spot"},
		{"after the end", ended, Step{Look: 1}, "after_game_end"},
		{"after the end, bad spot too", ended, Step{Look: 9}, "after_game_end"},
		{"two actions", fresh, Step{Look: 1, Reveal: 2, Outcome: Miss}, "bad_step"},
		{"no action", fresh, Step{}, "bad_step"},
		{"no outcome", fresh, Step{Reveal: 2}, "bad_step"},
		{"same spot twice", fresh, Step{Swap: [2]int{2, 2}}, "bad_step"},
		{"not started", Position{}, Step{Look: 1}, "bad_step"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.p.Apply(tt.step)
			if err == nil || err.Code != tt.code || err.Warning || err.Message == "" || err.Rule == "" {
				t.Fatalf("err = %+v, want %s", err, tt.code)
			}
			if err.Step != tt.p.Steps+1 || got.Steps != tt.p.Steps {
				t.Errorf("step %d, position moved to %d", err.Step, got.Steps)
			}
		})
	}
}

func TestComponentLimitsInPlay(t *testing.T) {
	p := play(t, start(t, Standard, "Ida", "Jan"), repeat(Step{Reveal: 3, Outcome: Wonderhat}, 4)...)
	if _, err := p.Apply(Step{Reveal: 3, Outcome: Wonderhat}); err == nil || err.Code != "component_total" {
		t.Errorf("5th wonderhat: %+v", err)
	}
	p = play(t, start(t, Standard, "Ida", "Jan"), repeat(Step{Reveal: 3, Outcome: Miss}, 16)...)
	if _, err := p.Apply(Step{Reveal: 3, Outcome: Miss}); err == nil || err.Code != "component_total" {
		t.Errorf("17th bald head: %+v", err)
	}
}

func TestSwapBack(t *testing.T) {
	p := start(t, Standard, "Ida", "Jan", "Ola")
	p = play(t, p, Step{Swap: [2]int{1, 5}})
	_, err := p.Apply(Step{Swap: [2]int{5, 1}})
	if err == nil || err.Code != "swap_back" || !err.Warning || err.Rule != "ADH-5" || !strings.Contains(err.Message, "Ida") {
		t.Fatalf("swap back: %+v", err)
	}
	next, _ := p.Apply(Step{Swap: [2]int{5, 1}})
	if next.Steps != 2 || next.Turn != 2 {
		t.Errorf("a warning must still apply the step: %+v", next)
	}
	// Only the turn just before counts (ruling ADH-5).
	later := play(t, p, Step{Look: 2})
	if _, err := later.Apply(Step{Swap: [2]int{1, 5}}); err != nil {
		t.Errorf("swap after another turn: %+v", err)
	}
	if _, err := p.Apply(Step{Swap: [2]int{1, 4}}); err != nil {
		t.Errorf("a different pair: %+v", err)
	}
}

func TestStandardGameToTheEnd(t *testing.T) {
	p := start(t, Standard, "Ida", "Jan")
	p = play(t, p, repeat(Step{Reveal: 7, Outcome: Wonderhat}, 4)...)
	p = play(t, p, Step{Reveal: 2, Outcome: Miss}, Step{Swap: [2]int{1, 2}}, Step{Look: 4})
	p = play(t, p, repeat(Step{Reveal: 1, Outcome: Match}, 13)...)
	if p.Over() || p.CharactersLeft != 0 || p.HatsLeft != 0 {
		t.Fatalf("before the last match: %+v", p)
	}
	// ruling ADH-3: the 14th match cannot be refilled and ends the game.
	p = play(t, p, Step{Reveal: 3, Outcome: Match})
	if !p.Over() {
		t.Fatalf("game not over: %+v", p)
	}
	r := Score(p.Final())
	if !r.Valid || !r.GameOver || len(r.Violations) != 0 {
		t.Fatalf("final score: %+v", r)
	}
	// Ida: 2 wonderhats, 1 bald head, characters from 14 matches shared.
	ida, jan := p.Players[0], p.Players[1]
	if ida.Characters+jan.Characters != 14 || ida.Wonderhats != 2 || jan.Wonderhats != 2 || ida.BaldHeads != 1 {
		t.Errorf("players %+v", p.Players)
	}
}

func TestStandardWonderhatsNeverEndIt(t *testing.T) {
	// The hat pile holds the 13 characters' hats plus 4: with all 4
	// wonderhats taken both piles empty together, so only the 14th match
	// can end a standard game (ruling ADH-3: m = 14).
	p := start(t, Standard, "Ida", "Jan")
	p = play(t, p, repeat(Step{Reveal: 1, Outcome: Match}, 13)...)
	p = play(t, p, repeat(Step{Reveal: 2, Outcome: Wonderhat}, 4)...)
	if p.Over() || p.HatsLeft != 0 || p.CharactersLeft != 0 {
		t.Fatalf("the 4th wonderhat is still refilled: %+v", p)
	}
	p = play(t, p, Step{Reveal: 5, Outcome: Match})
	if !p.Over() || !Score(p.Final()).Valid {
		t.Fatalf("the 14th match ends it: %+v", p)
	}
}

// TestRandomGamesScoreValid plays many random legal games to the end: each
// must stop within the ADH-3 bounds and score as a valid, finished game.
func TestRandomGamesScoreValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	outcomes := []string{Match, Match, Wonderhat, Miss}
	for game := range 300 {
		variant := []string{Standard, ThreeLeft}[game%2]
		p := start(t, variant, "A", "B", "C")
		for turn := 0; !p.Over(); turn++ {
			if turn > 1000 {
				t.Fatalf("game %d never ends: %+v", game, p)
			}
			spot := 1 + rng.IntN(DisplaySize)
			var s Step
			switch rng.IntN(3) {
			case 0:
				s = Step{Look: spot}
			case 1:
				s = Step{Swap: [2]int{spot, 1 + (spot+rng.IntN(DisplaySize-1))%DisplaySize}}
			default:
				s = Step{Reveal: spot, Outcome: outcomes[rng.IntN(len(outcomes))]}
			}
			next, err := p.Apply(s)
			if err != nil && !err.Warning {
				if err.Code != "no_such_spot" && err.Code != "component_total" {
					t.Fatalf("game %d: %+v", game, err)
				}
				continue
			}
			p = next
		}
		if r := Score(p.Final()); !r.Valid || !r.GameOver {
			t.Fatalf("game %d (%s) ended invalid: %+v from %+v", game, variant, r.Violations, p)
		}
	}
}

func TestThreeLeftGame(t *testing.T) {
	p := start(t, ThreeLeft, "Ida", "Jan")
	p = play(t, p, repeat(Step{Reveal: 1, Outcome: Match}, 13)...)
	// The character pile is empty: spot 1 stays empty after the next match.
	p = play(t, p, Step{Reveal: 1, Outcome: Match})
	if p.Over() || p.Display[0] != (Spot{}) || p.WithHats() != 6 {
		t.Fatalf("%+v", p)
	}
	if _, err := p.Apply(Step{Look: 1}); err == nil || err.Code != "no_such_spot" {
		t.Errorf("empty spot: %+v", err)
	}
	p = play(t, p, Step{Reveal: 2, Outcome: Match}, Step{Reveal: 3, Outcome: Match})
	if p.Over() {
		t.Fatal("4 characters with hats left: not over yet")
	}
	p = play(t, p, Step{Reveal: 4, Outcome: Match})
	if !p.Over() || p.WithHats() != 3 {
		t.Fatalf("3 left: %+v", p)
	}
	if r := Score(p.Final()); !r.Valid || r.Players[0].Total+r.Players[1].Total != 17 {
		t.Errorf("final: %+v", r)
	}
	declared := start(t, ThreeLeft, "Ida", "Jan").End()
	if _, err := declared.Apply(Step{Look: 1}); err == nil || err.Code != "after_game_end" {
		t.Errorf("declared end: %+v", err)
	}
}

const apiExample = `{"players": ["Ida", "Jan"], "options": {"variant": "standard"},
 "steps": [{"look": 3}, {"swap": [1, 5]}, {"reveal": 2, "outcome": "match"},
           {"reveal": 4, "outcome": "wonderhat"}, {"reveal": 6, "outcome": "miss"}]}`

func TestReplayAPIExample(t *testing.T) {
	ans, err := Engine{}.Replay([]byte(apiExample))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(ans)
	want := `{"valid":true,"errors":[],"state":{"characters_left":12,"hats_left":15,"turn":"Jan","game_over":false,` +
		`"display":[` + strings.Repeat(`{"character":true,"hat":true},`, 6) + `{"character":true,"hat":true}],` +
		`"players":[{"name":"Ida","characters":1,"wonderhats":0,"bald_heads":1},{"name":"Jan","characters":0,"wonderhats":1,"bald_heads":0}]},"result":null}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

func TestReplayStopsAtFirstError(t *testing.T) {
	body := `{"players": ["Ida", "Jan"], "steps": [{"swap": [1, 5]}, {"swap": [5, 1]}, {"look": 0}, {"look": 9}]}`
	ans, err := Engine{}.Replay([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, e := range ans.Errors {
		got = append(got, e.Code)
	}
	if ans.Valid || !slices.Equal(got, []string{"swap_back", "no_such_spot"}) || ans.Errors[1].Step != 3 || ans.State.Turn != "Ida" {
		t.Fatalf("got %+v", ans)
	}
}

func TestReplayFullGame(t *testing.T) {
	steps := []string{}
	for range 14 {
		steps = append(steps, `{"reveal":1,"outcome":"match"}`)
	}
	steps = append(steps, `{"look":2}`)
	ans, err := Engine{}.Replay([]byte(`{"players":["Ida","Jan"],"steps":[` + strings.Join(steps, ",") + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	if ans.Valid || len(ans.Errors) != 1 || ans.Errors[0].Code != "after_game_end" || ans.Errors[0].Step != 15 {
		t.Fatalf("errors %+v", ans.Errors)
	}
	if ans.Result == nil || !ans.Result.Valid || !slices.Equal(ans.Result.Winners, []string{"Ida", "Jan"}) || !ans.State.GameOver {
		t.Fatalf("result %+v", ans.Result)
	}
}

func TestReplayDecodeErrors(t *testing.T) {
	tests := []struct{ name, body, field string }{
		{"syntax", `{"players":[`, ""},
		{"unknown", `{"players":["A","B"],"turns":[]}`, "turns"},
		{"one player", `{"players":["A"],"steps":[]}`, "players"},
		{"duplicate", `{"players":["A","a"]}`, "players[1]"},
		{"variant", `{"players":["A","B"],"options":{"variant":"x"}}`, "options.variant"},
		{"unknown step field", `{"players":["A","B"],"steps":[{"look":1},{"peek":2}]}`, "steps[1].peek"},
		{"two actions", `{"players":["A","B"],"steps":[{"look":1,"swap":[1,2]}]}`, "steps[0]"},
		{"empty step", `{"players":["A","B"],"steps":[{}]}`, "steps[0]"},
		{"no outcome", `{"players":["A","B"],"steps":[{"reveal":1}]}`, "steps[0].outcome"},
		{"bad outcome", `{"players":["A","B"],"steps":[{"reveal":1,"outcome":"hit"}]}`, "steps[0].outcome"},
		{"stray outcome", `{"players":["A","B"],"steps":[{"look":1,"outcome":"miss"}]}`, "steps[0].outcome"},
		{"same spot", `{"players":["A","B"],"steps":[{"swap":[3,3]}]}`, "steps[0].swap"},
		{"swap of three", `{"players":["A","B"],"steps":[{"swap":[1,2,3]}]}`, "steps[0].swap"},
		{"fraction", `{"players":["A","B"],"steps":[{"look":1.5}]}`, "steps[0].look"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ans, err := Engine{}.Replay([]byte(tt.body))
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("got %+v, %v; want *scoring.InputError", ans, err)
			}
			if in.Field != tt.field {
				t.Errorf("field = %q (%s), want %q", in.Field, in.Message, tt.field)
			}
		})
	}
}

func FuzzReplay(f *testing.F) {
	f.Add([]byte(apiExample))
	f.Add([]byte(`{"players":["A","B","C"],"options":{"variant":"three_left"},"steps":[{"reveal":1,"outcome":"match"},{"swap":[0,2]},{"look":-4}]}`))
	f.Add([]byte(`{"players":["A","B"],"steps":[{"swap":[1,5]},{"swap":[5,1]},{"reveal":7,"outcome":"wonderhat"}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		ans, err := Engine{}.Replay(body)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("error %v is not an InputError", err)
			}
			if ans.Errors != nil {
				t.Fatalf("both an answer and an error")
			}
			return
		}
		if ans.Errors == nil {
			t.Fatal("errors must be an array")
		}
		refused := 0
		for _, e := range ans.Errors {
			if !e.Warning {
				refused++
			}
		}
		if refused > 1 || ans.Valid != (refused == 0) {
			t.Fatalf("valid %v with errors %+v", ans.Valid, ans.Errors)
		}
		if (ans.Result != nil) != ans.State.GameOver {
			t.Fatalf("result %v but game over %v", ans.Result, ans.State.GameOver)
		}
		m, w := 0, 0
		for _, p := range ans.State.Players {
			m, w = m+p.Characters, w+p.Wonderhats
		}
		if ans.State.CharactersLeft != max(0, CharacterPile-m) || ans.State.HatsLeft < 0 || ans.State.HatsLeft > HatPile-min(m+w, HatPile) {
			t.Fatalf("piles %+v after %d matches, %d wonderhats", ans.State, m, w)
		}
		if ans.Result != nil && (!ans.Result.Valid || !ans.Result.GameOver) {
			t.Fatalf("a replayed game that ended must score valid: %+v", ans.Result)
		}
	})
}

// TestReplayEndsAThreeLeftGame: the play API takes the table's end of a
// game played on until 3 characters remain (ruling ADH-3), so such a
// game can be finished through the API too; a standard game ends by
// itself, and {"end": true} is refused there (standard_end).
func TestReplayEndsAThreeLeftGame(t *testing.T) {
	ans, err := Engine{}.Replay([]byte(`{"players":["Ida","Jan"],"options":{"variant":"three_left"},"steps":[{"reveal":2,"outcome":"match"},{"end":true}]}`))
	if err != nil || !ans.Valid || ans.Result == nil || !ans.Result.GameOver || !ans.State.GameOver {
		t.Fatalf("three_left end: %+v %v", ans, err)
	}
	ans, err = Engine{}.Replay([]byte(`{"players":["Ida","Jan"],"steps":[{"end":true}]}`))
	if err != nil || ans.Valid || len(ans.Errors) != 1 || ans.Errors[0].Code != "standard_end" {
		t.Fatalf("standard end: %+v %v", ans, err)
	}
	for _, step := range []string{`{"end":false}`, `{"end":true,"look":1}`, `{"end":null,"look":1}`} {
		_, err := Engine{}.Replay([]byte(`{"players":["Ida","Jan"],"options":{"variant":"three_left"},"steps":[` + step + `]}`))
		if in, ok := err.(*scoring.InputError); step != `{"end":null,"look":1}` && (!ok || in.Field != "steps[0].end") {
			t.Errorf("%s: %v", step, err)
		}
	}
}
