package aufderhut

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

// guideDisplay is the display of the guided tests: characters 1–7, so the
// pile holds 8, 9 and 10 twice and 1–7 once.
var guideDisplay = []int{1, 2, 3, 4, 5, 6, 7}

// guidePile is that pile in the order its cards are laid.
var guidePile = []int{8, 9, 10, 8, 9, 10, 1, 2, 3, 4, 5, 6, 7}

func setupJSON(t *testing.T, s Setup) []byte {
	t.Helper()
	return SetupJSON(s)
}

func guided(t *testing.T, variant string, names ...string) Position {
	t.Helper()
	p, err := StartGuided(names, Setup{Variant: variant, Display: guideDisplay})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestParseSetup(t *testing.T) {
	s, err := ParseSetup([]byte(`{"display":[1,1,2,3,4,5,6]}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Variant != Standard || len(s.Names) != Kinds || s.Names[0] != "character 1" || s.Names[9] != "character 10" {
		t.Errorf("defaults: %+v", s)
	}
	names := `["Wizard","Chef","","King","Queen","Pirate","Cook","Witch","Knight"," Clown "]`
	s, err = ParseSetup([]byte(`{"variant":"three_left","names":` + names + `,"display":[10,9,8,7,6,5,4]}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Variant != ThreeLeft || s.Names[2] != "character 3" || s.Names[9] != "Clown" {
		t.Errorf("names: %+v", s)
	}
	// A parsed setup parses again to itself (the table records it as sent).
	if again, err := ParseSetup(SetupJSON(s)); err != nil || !slices.Equal(again.Names, s.Names) {
		t.Errorf("round trip: %+v %v", again, err)
	}
	tests := []struct{ name, body, field, says string }{
		{"no display", `{}`, "display", "lay 7"},
		{"six spots", `{"display":[1,2,3,4,5,6]}`, "display", "not 6"},
		{"character 0", `{"display":[1,2,0,4,5,6,7]}`, "display[2]", "1 to 10"},
		{"character 11", `{"display":[1,2,3,4,5,6,11]}`, "display[6]", "1 to 10"},
		// ruling ADH-1: each character exists twice.
		{"third copy", `{"display":[4,1,4,2,4,5,6]}`, "display[4]", "third character 4"},
		{"third named copy", `{"names":` + names + `,"display":[2,2,2,3,4,5,6]}`, "display[2]", "third Chef"},
		{"bad variant", `{"variant":"long","display":[1,2,3,4,5,6,7]}`, "variant", "three_left"},
		{"names count", `{"names":["A","B"],"display":[1,2,3,4,5,6,7]}`, "names", "all 10"},
		{"same name", `{"names":["A","B","C","D","E","F","G","H","I","a"],"display":[1,2,3,4,5,6,7]}`, "names[9]", "character 1"},
		{"name like a default", `{"names":["character 2","","","","","","","","",""],"display":[1,2,3,4,5,6,7]}`, "names[1]", "character 1"},
		{"long name", `{"names":["` + strings.Repeat("x", 41) + `","","","","","","","","",""],"display":[1,2,3,4,5,6,7]}`, "names[0]", "at most 40"},
		{"unknown field", `{"display":[1,2,3,4,5,6,7],"row":[]}`, "row", "unknown"},
		{"not JSON", `{"display":`, "", "JSON"},
		{"text character", `{"display":["Chef",2,3,4,5,6,7]}`, "display[0]", "whole number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSetup([]byte(tt.body))
			var in *scoring.InputError
			if !errors.As(err, &in) || in.Field != tt.field || !strings.Contains(in.Message, tt.says) {
				t.Fatalf("got %v, want field %q saying %q", err, tt.field, tt.says)
			}
		})
	}
}

func TestStartGuidedChecksTheSetup(t *testing.T) {
	var in *scoring.InputError
	if _, err := StartGuided([]string{"Ida", "Jan"}, Setup{Display: []int{0, 1, 2, 3, 4, 5, 6}}); !errors.As(err, &in) || in.Field != "display[0]" {
		t.Errorf("character 0: %v", err)
	}
	if _, err := StartGuided([]string{"Ida", "Jan"}, Setup{Display: guideDisplay[:3]}); !errors.As(err, &in) || in.Field != "display" {
		t.Errorf("3 spots: %v", err)
	}
	if _, err := StartGuided([]string{"Ida", "Ida"}, Setup{Display: guideDisplay}); !errors.As(err, &in) || in.Field != "players[1]" {
		t.Errorf("same player twice: %v", err)
	}
}

func TestParseStep(t *testing.T) {
	for _, tt := range []struct {
		body string
		want Step
	}{
		{`{"look":3}`, Step{Look: 3}},
		{`{"swap":[1,5]}`, Step{Swap: [2]int{1, 5}}},
		{`{"reveal":2,"outcome":"miss"}`, Step{Reveal: 2, Outcome: Miss}},
		{`{"reveal":2,"outcome":"match","laid":7}`, Step{Reveal: 2, Outcome: Match, Laid: 7}},
		{`{"reveal":2,"outcome":"match"}`, Step{Reveal: 2, Outcome: Match}},
		{`{"end":true}`, Step{End: true}},
		{`{"look":9}`, Step{Look: 9}}, // the rules refuse it, not the parser
	} {
		got, err := ParseStep([]byte(tt.body))
		if err != nil || got != tt.want {
			t.Errorf("ParseStep(%s) = %+v, %v; want %+v", tt.body, got, err, tt.want)
		}
		if again, err := ParseStep(StepJSON(got)); err != nil || again != got {
			t.Errorf("StepJSON(%+v) = %s does not parse back: %+v %v", got, StepJSON(got), again, err)
		}
	}
	for _, tt := range []struct{ body, field string }{
		{`{"end":false}`, "step.end"},
		{`{"end":true,"look":1}`, "step.end"},
		{`{"look":1,"laid":3}`, "step.laid"},
		{`{"reveal":1,"outcome":"miss","laid":3}`, "step.laid"},
		{`{"reveal":1,"outcome":"match","laid":0}`, "step.laid"},
		{`{"look":0}`, "step"},
		{`{"swap":[0,3]}`, "step"},
		{`{}`, "step"},
		{`{"peek":1}`, "step.peek"},
		{`{"reveal":1}`, "step.outcome"},
		{`{"swap":[2,2]}`, "step.swap"},
		{`{"look":"one"}`, "step.look"},
	} {
		_, err := ParseStep([]byte(tt.body))
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != tt.field {
			t.Errorf("ParseStep(%s) = %v, want an InputError on %q", tt.body, err, tt.field)
		}
	}
}

func TestGuidedMatchLaysTheCharacter(t *testing.T) {
	// ruling ADH-2: a match takes the character; the refill lays the top
	// card of the character pile on the empty spot.
	p := guided(t, Standard, "Ida", "Jan")
	p = play(t, p, Step{Reveal: 2, Outcome: Match, Laid: 9})
	if p.Faces[1] != 9 || !slices.Equal(p.Collected(0), []int{2}) || p.CharactersLeft != 12 || p.Seen(2) != 1 || p.Seen(9) != 1 {
		t.Fatalf("after the match: faces %v, Ida %v, pile %d", p.Faces, p.Collected(0), p.CharactersLeft)
	}
	// A wonderhat leaves the character; a miss changes nothing in the display.
	p = play(t, p, Step{Reveal: 2, Outcome: Wonderhat}, Step{Reveal: 2, Outcome: Miss})
	if p.Faces[1] != 9 || p.Players[1].Wonderhats != 1 || p.Players[0].BaldHeads != 1 {
		t.Fatalf("after wonderhat and miss: %v %+v", p.Faces, p.Players)
	}
	if got := p.InPile(); !slices.Equal(got, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}) {
		t.Errorf("in the pile: %v", got)
	}
	p = play(t, p, Step{Reveal: 3, Outcome: Match, Laid: 9})
	if slices.Contains(p.InPile(), 9) {
		t.Errorf("both 9s are out, the pile cannot hold one: %v", p.InPile())
	}
}

func TestGuidedRefusals(t *testing.T) {
	fresh := guided(t, Standard, "Ida", "Jan")
	nines := play(t, fresh, Step{Reveal: 1, Outcome: Match, Laid: 9}, Step{Reveal: 1, Outcome: Match, Laid: 9})
	emptyPile := fresh
	for _, c := range guidePile {
		emptyPile = play(t, emptyPile, Step{Reveal: 1, Outcome: Match, Laid: c})
	}
	three := guided(t, ThreeLeft, "Ida", "Jan")
	threeEmpty := three
	for _, c := range guidePile {
		threeEmpty = play(t, threeEmpty, Step{Reveal: 1, Outcome: Match, Laid: c})
	}
	threeEmpty = play(t, threeEmpty, Step{Reveal: 1, Outcome: Match})
	ended := play(t, emptyPile, Step{Reveal: 4, Outcome: Match})
	tests := []struct {
		name       string
		p          Position
		step       Step
		code, rule string
		says       string
	}{
		{"third copy", nines, Step{Reveal: 2, Outcome: Match, Laid: 9}, "third_copy", "ADH-1", "spot 1, taken by Jan"},
		{"third copy of the taken one", fresh, Step{Reveal: 2, Outcome: Match, Laid: 2}, "", "", ""},
		{"nothing laid", fresh, Step{Reveal: 1, Outcome: Match}, "laid_missing", "ADH-2", "spot 1"},
		{"character 11", fresh, Step{Reveal: 1, Outcome: Match, Laid: 11}, "no_such_character", "ADH-1", "1 to 10"},
		{"laid from an empty pile", emptyPile, Step{Reveal: 1, Outcome: Match, Laid: 8}, "laid_after_empty_pile", "ADH-3", "empty"},
		{"standard game ended by the table", fresh, Step{End: true}, "standard_end", "ADH-3", "ends by itself"},
		{"a step after the end", ended, Step{Look: 2}, "after_game_end", "ADH-3", "over"},
		{"spot without a hat", threeEmpty, Step{Look: 1}, "no_such_spot", "ADH-3", "no hat"},
		{"end with a look", three, Step{End: true, Look: 2}, "bad_step", "ADH-2", "one action"},
		{"laid on a miss", fresh, Step{Reveal: 1, Outcome: Miss, Laid: 3}, "bad_step", "ADH-2", "belongs to a match"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.p.Apply(tt.step)
			if tt.code == "" {
				if err != nil {
					t.Fatalf("refused: %+v", err)
				}
				return
			}
			if err == nil || err.Code != tt.code || err.Rule != tt.rule || err.Warning || !strings.Contains(err.Message, tt.says) {
				t.Fatalf("err = %+v, want %s (%s) saying %q", err, tt.code, tt.rule, tt.says)
			}
			if got.Steps != tt.p.Steps || got.Faces != tt.p.Faces || got.Seen(9) != tt.p.Seen(9) {
				t.Errorf("a refused step changed the position")
			}
		})
	}
	// A taken character stays out of the pile.
	p := play(t, fresh, Step{Reveal: 2, Outcome: Match, Laid: 2})
	if _, err := p.Apply(Step{Reveal: 1, Outcome: Match, Laid: 2}); err == nil || err.Code != "third_copy" {
		t.Errorf("a third 2 (one taken, one on spot 2): %+v", err)
	}
}

// guideScript is a whole standard guided game for Ida and Jan: a look, a
// swap and its swap back (ruling ADH-5 warns), wonderhats and misses, then
// matches on spot 1 until the pile is empty and one more match ends it
// (ruling ADH-3). Ida ends with the rule text's example collection.
func guideScript() [][]byte {
	var steps []Step
	steps = append(steps, Step{Look: 3}, Step{Swap: [2]int{1, 5}}, Step{Swap: [2]int{5, 1}})
	// Jan (to move after 3 steps) misses once; Ida takes a wonderhat and
	// misses twice.
	steps = append(steps, Step{Reveal: 4, Outcome: Miss}, Step{Reveal: 6, Outcome: Wonderhat}, Step{Look: 2},
		Step{Reveal: 6, Outcome: Miss}, Step{Look: 3}, Step{Reveal: 4, Outcome: Miss})
	for _, c := range guidePile {
		steps = append(steps, Step{Reveal: 1, Outcome: Match, Laid: c})
	}
	steps = append(steps, Step{Reveal: 2, Outcome: Match})
	out := make([][]byte, len(steps))
	for i, s := range steps {
		out[i] = StepJSON(s)
	}
	return out
}

func TestGuideWholeGame(t *testing.T) {
	setup := setupJSON(t, Setup{Display: guideDisplay})
	steps := guideScript()
	for n := range steps {
		over, final, err := Engine{}.Guide([]string{"Ida", "Jan"}, setup, steps[:n])
		if err != nil || over || final != nil {
			t.Fatalf("after %d steps: over %v, %v", n, over, err)
		}
	}
	_, pos, _, warn, err := Engine{}.Last([]string{"Ida", "Jan"}, setup, steps[:3])
	if err != nil || warn == nil || warn.Code != "swap_back" || pos.Steps != 3 {
		t.Fatalf("the swap back warns and is kept: %+v %+v %v", pos, warn, err)
	}
	over, final, err := Engine{}.Guide([]string{"Ida", "Jan"}, setup, steps)
	if err != nil || !over {
		t.Fatalf("over %v, %v", over, err)
	}
	var st State
	if err := json.Unmarshal(final, &st); err != nil {
		t.Fatal(err)
	}
	want := State{Players: []Player{
		{Name: "Ida", Characters: 7, Wonderhats: 1, BaldHeads: 2},
		{Name: "Jan", Characters: 7, Wonderhats: 0, BaldHeads: 1},
	}, Options: Options{Variant: Standard}}
	if !slices.Equal(st.Players, want.Players) || st.Options != want.Options {
		t.Fatalf("final %s", final)
	}
	r, err := Engine{}.Check(final)
	if err != nil || !r.Valid || !r.GameOver {
		t.Fatalf("final scores invalid: %+v %v", r, err)
	}
	// The rule text's example: two bald heads, one wonderhat covers one,
	// the other covers a character's hat (ADH-4): Ida 7 − 1 = 6.
	if ida, _ := r.Total("Ida"); ida != 6 {
		t.Errorf("Ida scores %d, want 6", ida)
	}
	if jan, _ := r.Total("Jan"); jan != 6 || !slices.Equal(r.Winners, []string{"Ida", "Jan"}) {
		t.Errorf("Jan scores %d, winners %v", jan, r.Winners)
	}
	_, _, err = Engine{}.Guide([]string{"Ida", "Jan"}, setup, append(steps, StepJSON(Step{Look: 1})))
	var se *StepError
	if !errors.As(err, &se) || se.Code != "after_game_end" || se.Step != len(steps)+1 {
		t.Errorf("a step after the end: %v", err)
	}
}

func TestGuideThreeLeftEndedByTheTable(t *testing.T) {
	setup := setupJSON(t, Setup{Variant: ThreeLeft, Display: guideDisplay})
	steps := [][]byte{StepJSON(Step{Reveal: 1, Outcome: Match, Laid: 8}), StepJSON(Step{Reveal: 2, Outcome: Miss})}
	if over, _, err := (Engine{}).Guide([]string{"Ida", "Jan"}, setup, steps); over || err != nil {
		t.Fatalf("over %v, %v", over, err)
	}
	// ruling ADH-3: the table declares the end of a three_left game.
	over, final, err := Engine{}.Guide([]string{"Ida", "Jan"}, setup, append(steps, StepJSON(Step{End: true})))
	if err != nil || !over {
		t.Fatalf("over %v, %v", over, err)
	}
	r, _ := Engine{}.Check(final)
	if !r.Valid || !strings.Contains(string(final), `"variant":"three_left"`) {
		t.Errorf("final %s: %+v", final, r.Violations)
	}
	// It also ends by itself at 3 characters with hats.
	p := guided(t, ThreeLeft, "Ida", "Jan")
	for _, c := range guidePile {
		p = play(t, p, Step{Reveal: 1, Outcome: Match, Laid: c})
	}
	p = play(t, p, Step{Reveal: 1, Outcome: Match}, Step{Reveal: 2, Outcome: Match}, Step{Reveal: 3, Outcome: Match})
	if p.Over() || p.WithHats() != 4 {
		t.Fatalf("4 left: %+v", p)
	}
	if p = play(t, p, Step{Reveal: 4, Outcome: Match}); !p.Over() {
		t.Fatal("3 characters with hats left: the game is over")
	}
}

func TestGuideRefusesBadInput(t *testing.T) {
	good := setupJSON(t, Setup{Display: guideDisplay})
	var in *scoring.InputError
	if _, _, err := (Engine{}).Guide([]string{"Ida"}, good, nil); !errors.As(err, &in) || in.Field != "players" {
		t.Errorf("one player: %v", err)
	}
	if _, _, err := (Engine{}).Guide([]string{"Ida", "Jan"}, []byte(`{"display":[1,1,1,2,3,4,5]}`), nil); !errors.As(err, &in) || in.Field != "display[2]" {
		t.Errorf("third copy in the setup: %v", err)
	}
	if _, _, err := (Engine{}).Guide([]string{"Ida", "Jan"}, good, [][]byte{[]byte(`{"look":0}`)}); !errors.As(err, &in) {
		t.Errorf("spot 0: %v", err)
	}
	var se *StepError
	if _, _, err := (Engine{}).Guide([]string{"Ida", "Jan"}, good, [][]byte{[]byte(`{"reveal":2,"outcome":"match","laid":1}`), []byte(`{"reveal":3,"outcome":"match","laid":1}`)}); !errors.As(err, &se) || se.Step != 2 || se.Code != "third_copy" {
		t.Errorf("third 1 laid: %v", err)
	}
}

func TestDescribe(t *testing.T) {
	p, err := StartGuided([]string{"Ida", "Jan"}, Setup{Names: []string{"Wizard", "Chef", "", "", "", "", "", "", "", ""}, Display: guideDisplay})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		s    Step
		want string
	}{
		{Step{Look: 3}, "Ida looks at the hat on spot 3"},
		{Step{Swap: [2]int{1, 5}}, "Ida swaps the hats on spots 1 and 5"},
		{Step{Reveal: 1, Outcome: Match, Laid: 2}, "Ida reveals spot 1 (Wizard): a match, taken with its hat; Chef is laid"},
		{Step{Reveal: 2, Outcome: Wonderhat}, "Ida reveals spot 2 (Chef): a wonderhat"},
		{Step{Reveal: 3, Outcome: Miss}, "Ida reveals spot 3 (character 3): no match, a bald head"},
		{Step{End: true}, "The table ends the game"},
	} {
		if got := p.Describe(tt.s).String(); got != tt.want {
			t.Errorf("Describe(%+v) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

// TestRandomGuidedGames plays random legal guided games: the cards of each
// character out of the pile never exceed 2 (ADH-1), the pile count always
// equals the cards not yet seen, and every game ends valid.
func TestRandomGuidedGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	outcomes := []string{Match, Match, Wonderhat, Miss}
	for game := range 200 {
		variant := []string{Standard, ThreeLeft}[game%2]
		p := guided(t, variant, "A", "B", "C")
		for turn := 0; !p.Over(); turn++ {
			if turn > 2000 {
				t.Fatalf("game %d never ends", game)
			}
			spot := 1 + rng.IntN(DisplaySize)
			s := Step{Reveal: spot, Outcome: outcomes[rng.IntN(len(outcomes))]}
			switch rng.IntN(4) {
			case 0:
				s = Step{Look: spot}
			case 1:
				s = Step{Swap: [2]int{spot, 1 + (spot+rng.IntN(DisplaySize-1))%DisplaySize}}
			}
			if s.Outcome == Match && p.Refills() {
				in := p.InPile()
				s.Laid = in[rng.IntN(len(in))]
			}
			if variant == ThreeLeft && rng.IntN(200) == 0 {
				s = Step{End: true}
			}
			next, err := p.Apply(s)
			if err != nil && !err.Warning {
				if err.Code != "no_such_spot" && err.Code != "component_total" {
					t.Fatalf("game %d: %+v", game, err)
				}
				continue
			}
			p = next
			seen := 0
			for c := 1; c <= Kinds; c++ {
				if p.Seen(c) > Copies {
					t.Fatalf("game %d: %d cards of character %d out", game, p.Seen(c), c)
				}
				seen += p.Seen(c)
			}
			if seen+p.CharactersLeft != TotalCharacters {
				t.Fatalf("game %d: %d seen + %d in the pile", game, seen, p.CharactersLeft)
			}
		}
		if r := Score(p.Final()); !r.Valid || !r.GameOver {
			t.Fatalf("game %d (%s) ended invalid: %+v", game, variant, r.Violations)
		}
	}
}

func FuzzParseSetup(f *testing.F) {
	f.Add([]byte(`{"display":[1,2,3,4,5,6,7]}`))
	f.Add([]byte(`{"variant":"three_left","names":["Wizard","","","","","","","","","Clown"],"display":[10,10,9,9,1,2,3]}`))
	f.Add([]byte(`{"display":[4,4,4,1,2,3,5]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		s, err := ParseSetup(raw)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("error %v is not an InputError", err)
			}
			return
		}
		again, err := ParseSetup(SetupJSON(s))
		if err != nil || again.Variant != s.Variant || !slices.Equal(again.Names, s.Names) || !slices.Equal(again.Display, s.Display) {
			t.Fatalf("setup %+v does not parse back: %+v %v", s, again, err)
		}
		p, err := StartGuided([]string{"A", "B"}, s)
		if err != nil {
			t.Fatalf("a parsed setup must start: %v", err)
		}
		for c := 1; c <= Kinds; c++ {
			if p.Seen(c) > Copies {
				t.Fatalf("%d copies of %d", p.Seen(c), c)
			}
		}
	})
}

func FuzzParseStep(f *testing.F) {
	for _, s := range []string{`{"look":3}`, `{"swap":[1,5]}`, `{"reveal":2,"outcome":"match","laid":7}`, `{"reveal":2,"outcome":"wonderhat"}`, `{"end":true}`, `{"look":0}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		s, err := ParseStep(raw)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("error %v is not an InputError", err)
			}
			return
		}
		if again, err := ParseStep(StepJSON(s)); err != nil || again != s {
			t.Fatalf("step %+v does not parse back: %+v %v", s, again, err)
		}
		// Applying it never panics, and a refusal leaves the position be.
		p, _ := StartGuided([]string{"A", "B"}, Setup{Variant: ThreeLeft, Display: guideDisplay})
		next, serr := p.Apply(s)
		if serr != nil && !serr.Warning && (next.Steps != 0 || serr.Code == "" || serr.Rule == "") {
			t.Fatalf("refusal %+v", serr)
		}
	})
}

// accepted reports whether Apply plays s on p (a swap back only warns).
func accepted(p Position, s Step) bool {
	_, serr := p.Apply(s)
	return serr == nil || serr.Warning
}

// TestMovesAreEveryLegalStep: Moves lists exactly the steps Apply plays
// (rulings ADH-1 to ADH-5), in guided games of both variants and in the
// play API's untracked ones, position after position to the end of
// random games.
func TestMovesAreEveryLegalStep(t *testing.T) {
	withoutRace(t)
	var candidates []Step
	for a := 0; a <= DisplaySize+1; a++ {
		candidates = append(candidates, Step{Look: a})
		for b := a + 1; b <= DisplaySize+1; b++ {
			candidates = append(candidates, Step{Swap: [2]int{a, b}})
		}
		for _, o := range []string{Match, Wonderhat, Miss} {
			for laid := 0; laid <= Kinds+1; laid++ {
				candidates = append(candidates, Step{Reveal: a, Outcome: o, Laid: laid})
			}
		}
	}
	candidates = append(candidates, Step{End: true})
	complete := func(t *testing.T, p Position, moves []Step) {
		t.Helper()
		for _, c := range candidates {
			if offered := slices.Contains(moves, c); offered != accepted(p, c) {
				t.Fatalf("step %d: %+v offered %v, but Apply accepts it: %v", p.Steps+1, c, offered, accepted(p, c))
			}
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	pick := func(_ Position, moves []Step) (Step, bool) { return moves[rng.IntN(len(moves))], true }
	for _, variant := range []string{Standard, ThreeLeft} {
		for game := range 20 {
			start, err := StartGuided([]string{"Ida", "Jan", "Kai"}, Setup{Variant: variant, Display: guideDisplay})
			if game%2 == 1 {
				start, err = Start([]string{"Ida", "Jan", "Kai"}, variant) // the play API's: untracked
			}
			if err != nil {
				t.Fatal(err)
			}
			end := scoringtest.Playout(t, Engine{}, Rules{}, start, 400, pick, func(p Position, moves []Step) { complete(t, p, moves) })
			if !end.Over() {
				t.Fatalf("%s game %d not over after 400 steps", variant, game)
			}
		}
	}
}

// The table's chosen first player takes the first turn (the rule text:
// the player who last wore a hat begins), then play goes on in seat
// order; a seat not at the table is refused at setup (first_seat), and a
// recorded setup keeps the seat.
func TestStartGuidedAtTheChosenFirstPlayer(t *testing.T) {
	names := []string{"Ana", "Ben", "Cy"}
	for _, tc := range []struct {
		first int
		order string
	}{{0, "Ana Ben Cy Ana"}, {1, "Ben Cy Ana Ben"}, {2, "Cy Ana Ben Cy"}} {
		p, err := StartGuided(names, Setup{Display: guideDisplay, First: tc.first})
		if err != nil {
			t.Fatal(err)
		}
		if got := scoringtest.TurnOrder(t, p, 4, func(Position) Step { return Step{Look: 1} }); got != tc.order {
			t.Errorf("first seat %d: turns %s, want %s", tc.first, got, tc.order)
		}
	}
	for _, bad := range []int{-1, 3} {
		var se *StepError
		if _, err := StartGuided(names, Setup{Display: guideDisplay, First: bad}); !errors.As(err, &se) || se.Code != "first_seat" || se.Rule != "ADH-1" {
			t.Errorf("first seat %d: %v, want first_seat refused (ADH-1)", bad, err)
		}
	}
	if p, err := (Rules{}).Start(names, SetupJSON(Setup{Display: guideDisplay, First: 2})); err != nil || p.ToMove() != "Cy" {
		t.Errorf("a recorded setup with first 2 starts with %q (%v), want Cy", p.ToMove(), err)
	}
}

// withoutRace skips a test in a binary built with -race: the engine is
// pure and this test runs in one goroutine, and under the race detector
// it costs ten times as much (13.4 s of CPU, against 1.3 s without);
// make unit runs it again without -race right after (the Makefile's
// UNIT_NORACE, which web/webtest's TestWithoutRaceRunsInMakeUnit holds
// to name each), so its checks still run in make test.
func withoutRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("not under -race (make unit runs it without, UNIT_NORACE)")
	}
}
