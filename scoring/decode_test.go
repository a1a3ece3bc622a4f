package scoring

import (
	"errors"
	"strings"
	"testing"
)

func TestDecodeNamesTheField(t *testing.T) {
	type player struct {
		Name    string `json:"name"`
		Tokens  int    `json:"tokens"`
		Display struct {
			Red string `json:"red"`
		} `json:"display"`
	}
	type state struct {
		Players []player `json:"players"`
	}
	tests := []struct {
		name, body, field string
	}{
		{"wrong type", `{"players":[{"name":"A","tokens":"x"}]}`, "players.tokens"},
		{"unknown field", `{"players":[],"colour":1}`, "colour"},
		{"nested type", `{"players":[{"display":{"red":3}}]}`, "players.display.red"},
		{"syntax", `{"players":`, ""},
		{"empty", ``, ""},
		{"trailing", `{} {}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s state
			err := Decode([]byte(tt.body), &s, "")
			var in *InputError
			if !errors.As(err, &in) {
				t.Fatalf("got %v, want *InputError", err)
			}
			if in.Field != tt.field {
				t.Errorf("field = %q (%s), want %q", in.Field, in.Message, tt.field)
			}
			if in.Message == "" {
				t.Error("empty message")
			}
		})
	}
}

func TestDecodeRequest(t *testing.T) {
	type player struct {
		Name  string `json:"name"`
		Score int    `json:"score"`
	}
	name := func(p player) string { return p.Name }
	players, opts, err := DecodeRequest([]byte(`{"players":[{"name":"A","score":1},{"name":"B"}],"options":{"x":1}}`), DecodeInto[player], name)
	if err != nil || len(players) != 2 || players[0].Score != 1 || string(opts) != `{"x":1}` {
		t.Fatalf("got %v %s %v", players, opts, err)
	}
	var in *InputError
	for body, field := range map[string]string{
		`{"players":[{"name":"A"},{"name":"B","score":"x"}]}`: "players[1].score",
		`{"players":[{"name":"A"},{"name":"a"}]}`:             "players[1].name",
		`{"players":[{"name":"A"}],"extra":1}`:                "extra",
	} {
		if _, _, err := DecodeRequest([]byte(body), DecodeInto[player], name); !errors.As(err, &in) || in.Field != field {
			t.Errorf("%s: %v, want an error on %s", body, err, field)
		}
	}
	var o struct {
		X int `json:"x"`
	}
	o.X = 7
	if err := DecodeOptions(nil, &o); err != nil || o.X != 7 {
		t.Errorf("absent options changed the defaults: %v %v", o, err)
	}
	if err := DecodeOptions([]byte(`{"y":1}`), &o); !errors.As(err, &in) || in.Field != "options.y" {
		t.Errorf("unknown option: %v", err)
	}
}

// checkNamesCases are name lists (one name a line) at the edges of "the
// same name": case, Unicode lower case, spaces, length.
var checkNamesCases = []string{
	"Ana\nBen\nana",
	"Ana\nBen\nCy",
	" Ana \nANA",
	"\u212a\nk", // the Kelvin sign is a K in lower case
	"Σ\nς",      // final sigma is not σ in lower case
	"Σ\nσ",
	"İ\ni̇",
	"Jörg\nJÖRG",
	"\nBen",
	"Ana\n" + "ééééééééééééééééééééééééééééééééééééééééé",
	"a\nb\nc\nd\ne\nf\ng\nA",
}

// FuzzCheckNames: the pair-by-pair check of a few names answers exactly
// as the check with a set of names seen.
func FuzzCheckNames(f *testing.F) {
	for _, c := range checkNamesCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, list string) {
		names := strings.Split(list, "\n")
		if len(names) > 8 {
			names = names[:8]
		}
		got, want := CheckNames("players", names), checkManyNames("players", names)
		if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
			t.Fatalf("%q: pair by pair %v, with a set %v", names, got, want)
		}
	})
}

func TestCheckNamesAllocatesNothing(t *testing.T) {
	names := []string{"Amelia", "Victor", "Enrique", "amy"}
	if n := testing.AllocsPerRun(100, func() { CheckNames("players", names) }); n != 0 {
		t.Errorf("CheckNames of 4 valid names: %v allocations", n)
	}
}
