package kociaki

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"tablemate/scoring"
)

func sameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(ja, jb)
}

func TestParseSetup(t *testing.T) {
	for _, c := range []struct {
		in    string
		field string // "" = readable
		want  Opening
	}{
		{in: `{"start_tile":"yellow"}`, want: Opening{Start: Tile{Colour: Y}, Options: Options{Variant: Basic, AllTypesBonus: Instead}}},
		{in: `{"start_tile":" Turquoise ","start_piece":" chair ","starter":" Ben ","options":{"variant":"experienced","all_types_bonus":"additional"}}`,
			want: Opening{Start: Tile{Colour: T, Piece: "chair"}, Starter: "Ben", Options: Options{Variant: Experienced, AllTypesBonus: Additional}}},
		{in: `{"start_tile":"purple"}`, field: "start_tile"},
		{in: `{}`, field: "start_tile"},
		{in: `{"start_tile":"pink","options":{"variant":"pro"}}`, field: "options.variant"},
		{in: `{"start_tile":"pink","colour":"x"}`, field: "colour"},
		{in: `{"start_tile":"pink","start_piece":"` + strings.Repeat("a", 41) + `"}`, field: "start_piece"},
		{in: `[1]`, field: ""},
	} {
		got, err := ParseSetup([]byte(c.in))
		var in *scoring.InputError
		switch {
		case c.field == "" && c.want.Start.Colour != "":
			if err != nil || !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s: %+v, %v; want %+v", c.in, got, err, c.want)
			}
		case !errors.As(err, &in):
			t.Errorf("%s: %v, want an InputError", c.in, err)
		case in.Field != c.field:
			t.Errorf("%s: field %q, want %q (%s)", c.in, in.Field, c.field, in.Message)
		}
	}
}

func TestParseStepRoundTrips(t *testing.T) {
	for _, s := range []Step{
		{Kind: PlayTile, Tile: Tile{Colour: P, Piece: "lamp"}},
		{Kind: PlayTile, Tile: Tile{Colour: G}},
		{Kind: PullString},
		{Kind: PullString, Crossed: []Take{{Toy: 3}, {Toy: 7, Chip: 3}, {Toy: 10, Empty: true}}},
		{Kind: PullString, Short: true},
		{Kind: PullString, Short: true, Crossed: []Take{{Toy: 2}}},
		{Kind: MeasureString, StringLeft: map[string]float64{"Ola": 35, "Ben": 20.5}},
	} {
		raw := StepJSON(s)
		back, err := ParseStep(raw)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if !reflect.DeepEqual(back, s) {
			t.Errorf("%s reads back as %+v, want %+v", raw, back, s)
		}
	}
}

func TestParseStepRefusesShapes(t *testing.T) {
	for _, c := range []struct{ in, field string }{
		{`{}`, "step"},
		{`{"tile":"yellow","crossed":[]}`, "step"},
		{`{"short":true,"string_left":{}}`, "step"},
		{`{"tile":"blue"}`, "step.tile"},
		{`{"crossed":[{"chip":2}]}`, "step.crossed[0].toy"},
		{`{"crossed":[{"toy":"3"}]}`, "step.crossed[0].toy"},
		{`{"crossed":[],"piece":"sofa"}`, "step.piece"},
		{`{"string_left":{"Ola":-1}}`, "step.string_left.Ola"},
		{`{"crossed":[{"toy":1,"value":2}]}`, "step.crossed[0].value"},
		{`{"take":1}`, "step.take"},
	} {
		_, err := ParseStep([]byte(c.in))
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != c.field {
			t.Errorf("%s: %v, want an InputError on %s", c.in, err, c.field)
		}
	}
}

func TestResumeAndGuide(t *testing.T) {
	players := []string{"Ola", "Ben"}
	setup := []byte(`{"start_tile":"green","starter":"Ben"}`)
	steps := [][]byte{[]byte(`{"tile":"yellow","piece":"table"}`), []byte(`{"crossed":[{"toy":1,"chip":2}]}`)}
	pos, err := Engine{}.Resume(players, setup, steps)
	if err != nil {
		t.Fatal(err)
	}
	if pos.Players[1].Chips[1][0] != 2 || pos.ToMove() != "Ola" || pos.Tiles[0].By != 1 {
		t.Errorf("Ben starts, takes the 2 of toy 1, then Ola: %+v", pos.View())
	}
	// A refused step comes back as the StepError of its number, with
	// the position before it.
	_, err = Engine{}.Resume(players, setup, append(steps, []byte(`{"crossed":[{"toy":1,"chip":4}]}`)))
	var se *StepError
	if !errors.As(err, &se) || se.Step != 3 || se.Code != "chip_impossible" {
		t.Errorf("refused step: %v", err)
	}
	if _, err := (Engine{}).Resume(players, []byte(`{"start_tile":"green","starter":"Zed"}`), nil); !isInput(err, "starter") {
		t.Errorf("unknown starter: %v", err)
	}
	over, final, err := Engine{}.Guide(players, setup, steps)
	if over || final != nil || err != nil {
		t.Errorf("Guide mid-game: %v %s %v", over, final, err)
	}
	if _, _, err := (Engine{}).Guide(players, []byte(`{"start_tile":"green"}`), [][]byte{[]byte(`{"crossed":[]}`)}); !errors.As(err, &se) || se.Code != "tile_first" {
		t.Errorf("Guide with a refused first step: %v", err)
	}
}

// The recorded seats outrank later joiners (Setup.Seats).
func TestResumeKeepsTheSeats(t *testing.T) {
	setup := []byte(`{"seats":["Ola","Ben","Cyd"],"start_tile":"yellow"}`)
	steps := [][]byte{StepJSON(tile(T)), StepJSON(pull(1)), StepJSON(got(Take{Toy: 1, Chip: 3}))}
	pos, err := Engine{}.Resume([]string{"Ola", "Ben", "Cyd", "Dora"}, setup, steps)
	if err != nil || len(pos.Players) != 3 || pos.Removed() != 1 {
		t.Fatalf("3 seats after Dora joined: %v, %d players", err, len(pos.Players))
	}
	if _, err := (Engine{}).Resume([]string{"Ola", "Cyd", "Ben"}, setup, nil); !isInput(err, "seats") {
		t.Errorf("seats not at the table: %v", err)
	}
	if _, err := (Engine{}).Replay([]byte(`{"players":["A","B"],"seats":["A","B"],"start_tile":"pink"}`)); !isInput(err, "seats") {
		t.Errorf("seats in the API: %v", err)
	}
}

func isInput(err error, field string) bool {
	var in *scoring.InputError
	return errors.As(err, &in) && in.Field == field
}

// Guide's final request carries the options and the string left, so
// Check settles the tie the way the table measured it (KOC-4, KOC-5).
func TestGuideFinalCarriesVariantAndString(t *testing.T) {
	players := []string{"Ola", "Ben"}
	setup := []byte(`{"start_tile":"green","options":{"variant":"experienced"}}`)
	var steps [][]byte
	for i, c := range seq2 {
		steps = append(steps, StepJSON(tile(c)))
		if i == 0 {
			steps = append(steps, []byte(`{"crossed":[{"toy":2,"chip":2}]}`), []byte(`{"crossed":[{"toy":3,"chip":2}]}`))
			continue
		}
		steps = append(steps, []byte(`{"crossed":[]}`), []byte(`{"crossed":[]}`))
	}
	over, _, err := Engine{}.Guide(players, setup, steps)
	if over || err != nil {
		t.Fatalf("a 3–3 tie must ask for the string: over %v, %v", over, err)
	}
	steps = append(steps, []byte(`{"string_left":{"Ola":4,"Ben":9}}`))
	over, final, err := Engine{}.Guide(players, setup, steps)
	if !over || err != nil {
		t.Fatalf("over %v, %v", over, err)
	}
	res, err := Engine{}.Check(final)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Valid || len(res.Winners) != 1 || res.Winners[0] != "Ben" || res.Players[0].Total != 3 {
		t.Errorf("final %s scores %+v", final, res)
	}
}

func TestReplayWholeGame(t *testing.T) {
	steps := []json.RawMessage{}
	for r, c := range seq4 {
		steps = append(steps, StepJSON(tile(c)))
		for seat := range 4 {
			steps = append(steps, StepJSON(pull((r+seat)%Toys+1)))
		}
	}
	body, _ := json.Marshal(map[string]any{"players": names4, "start_tile": "yellow", "steps": steps})
	ans, err := Engine{}.Replay(body)
	if err != nil {
		t.Fatal(err)
	}
	if !ans.Valid || ans.State.Phase != "over" || ans.Result == nil || !ans.Result.Valid {
		t.Fatalf("valid %v, phase %s, errors %v", ans.Valid, ans.State.Phase, ans.Errors)
	}
	// 48 crossings; a pile gives at most its 5 chips, later crossings nothing.
	crossed := map[int]int{}
	for r := range seq4 {
		for seat := range 4 {
			crossed[(r+seat)%Toys+1]++
		}
	}
	for _, p := range ans.State.Piles {
		if want := min(crossed[p.Toy], 5); len(p.Taken) != want || p.Left != 5-want {
			t.Errorf("toy %d crossed %d times: %d chips taken, %d left", p.Toy, crossed[p.Toy], len(p.Taken), p.Left)
		}
	}
}

func TestReplay(t *testing.T) {
	body := `{"players":["Ola","Ben","Cyd"],"start_tile":"yellow","steps":[
		{"tile":"turquoise","piece":"chair"},{"crossed":[{"toy":1}]},{"crossed":[{"toy":1}]},{"crossed":[]}]}`
	ans, err := Engine{}.Replay([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	if ans.Valid != false || len(ans.Errors) != 1 || ans.Errors[0].Code != "chip_unknown" || ans.Errors[0].Step != 3 {
		t.Errorf("3 players, second chip of toy 1 unsaid: %+v", ans.Errors)
	}
	if ans.State.Phase != "turn" || ans.State.ToAct != "Ben" || ans.State.Piles[0].Left != 3 || ans.Result != nil {
		t.Errorf("state %+v", ans.State)
	}
	for _, c := range []struct{ body, field string }{
		{`{"players":["Ola"],"start_tile":"yellow"}`, "players"},
		{`{"players":["Ola","ola"],"start_tile":"yellow"}`, "players[1]"},
		{`{"start_tile":"yellow"}`, "players"},
		{`{"players":["A","B"],"start_tile":"gold"}`, "start_tile"},
		{`{"players":["A","B"],"start_tile":"pink","steps":[{"tile":"gold"}]}`, "steps[0].tile"},
		{`{"players":["A","B"],"start_tile":"pink","starter":"C"}`, "starter"},
	} {
		if _, err := (Engine{}).Replay([]byte(c.body)); !isInput(err, c.field) {
			t.Errorf("%s: %v, want an InputError on %s", c.body, err, c.field)
		}
	}
}

func FuzzParseSetup(f *testing.F) {
	for _, s := range []string{`{"start_tile":"yellow"}`, `{"start_tile":"pink","start_piece":"sofa","starter":"Ola","options":{"variant":"experienced"}}`, `{}`, `null`, `{"start_tile":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		o, err := ParseSetup(raw)
		if err != nil {
			if _, ok := errors.AsType[*scoring.InputError](err); !ok {
				t.Fatalf("error is not an InputError: %v", err)
			}
			return
		}
		if _, ok := ParseColour(string(o.Start.Colour)); !ok {
			t.Fatalf("accepted colour %q", o.Start.Colour)
		}
		if _, err := Start([]string{"A", "B"}, o.Start, 0, o.Options); err != nil {
			t.Fatalf("a readable setup cannot start: %v", err)
		}
	})
}

func FuzzParseStep(f *testing.F) {
	for _, s := range []string{`{"tile":"yellow","piece":"table"}`, `{"crossed":[{"toy":3},{"toy":7,"chip":3},{"toy":1,"empty":true}]}`,
		`{"crossed":[]}`, `{"short":true}`, `{"short":true,"crossed":[{"toy":4}]}`, `{"string_left":{"Ola":3.5}}`, `{}`, `{"crossed":[{"toy":-4,"chip":99}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		s, err := ParseStep(raw)
		if err != nil {
			if _, ok := errors.AsType[*scoring.InputError](err); !ok {
				t.Fatalf("error is not an InputError: %v", err)
			}
			return
		}
		back, err := ParseStep(StepJSON(s))
		if err != nil || !reflect.DeepEqual(back, s) {
			t.Fatalf("%s → %+v → %s → %+v, %v", raw, s, StepJSON(s), back, err)
		}
		// Any readable step is accepted or refused, never a panic.
		p, _ := Start([]string{"A", "B", "C"}, Tile{Colour: Y}, 0, Options{Variant: Basic, AllTypesBonus: Instead})
		p, _ = p.Apply(Step{Kind: PlayTile, Tile: Tile{Colour: T}})
		if _, serr := p.Apply(s); serr != nil && (serr.Code == "" || serr.Rule == "") {
			t.Fatalf("refusal without code or rule: %+v", serr)
		}
	})
}

func FuzzReplay(f *testing.F) {
	f.Add([]byte(`{"players":["Ola","Ben","Cyd"],"start_tile":"yellow","steps":[{"tile":"turquoise"},{"crossed":[{"toy":1}]},{"crossed":[{"toy":1,"chip":3}]},{"crossed":[]}]}`))
	f.Add([]byte(`{"players":["A","B"],"start_tile":"green","options":{"variant":"experienced"},"steps":[{"tile":"green"}]}`))
	// A whole 4-player game: every chip is known, so none is said.
	steps := []json.RawMessage{}
	for r, c := range seq4 {
		steps = append(steps, StepJSON(tile(c)))
		for seat := range 4 {
			steps = append(steps, StepJSON(pull((r+seat)%Toys+1)))
		}
	}
	whole, _ := json.Marshal(map[string]any{"players": names4, "start_tile": "yellow", "steps": steps})
	f.Add(whole)
	f.Fuzz(func(t *testing.T, body []byte) {
		ans, err := Engine{}.Replay(body)
		if err != nil {
			if _, ok := errors.AsType[*scoring.InputError](err); !ok {
				t.Fatalf("error is not an InputError: %v", err)
			}
			return
		}
		if ans.Valid != (len(ans.Errors) == 0) || len(ans.Errors) > 1 {
			t.Fatalf("valid %v with errors %v", ans.Valid, ans.Errors)
		}
		if (ans.Result != nil) != (ans.State.Phase == "over") {
			t.Fatalf("result %v in phase %s", ans.Result, ans.State.Phase)
		}
		if ans.Result != nil && !ans.Result.Valid {
			t.Fatalf("a replayed game ended in a state the rules refuse: %v", ans.Result.Violations)
		}
	})
}

// The table's chosen first player holds the start marker in round 1 and
// plays its tile first (the rule text: who most recently pet a cat;
// ruling KOC-3); someone not at the table is refused on the starter field.
func TestTheChosenStarterMovesFirst(t *testing.T) {
	players := []string{"Ana", "Ben", "Cy"}
	for _, tc := range []struct{ starter, want string }{{"", "Ana"}, {"Ana", "Ana"}, {"Ben", "Ben"}, {" cy ", "Cy"}} {
		setup, _ := json.Marshal(Setup{StartTile: "green", Starter: tc.starter})
		p, err := (Rules{}).Start(players, setup)
		if err != nil {
			t.Fatalf("starter %q: %v", tc.starter, err)
		}
		if got := p.ToMove(); got != tc.want {
			t.Errorf("starter %q: %s moves first, want %s", tc.starter, got, tc.want)
		}
	}
	setup, _ := json.Marshal(Setup{StartTile: "green", Starter: "Zed"})
	if _, err := (Rules{}).Start(players, setup); !isInput(err, "starter") {
		t.Errorf("a starter not at the table: %v, want refused on starter", err)
	}
}
