package scoring

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
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
	// Control and text-direction characters (issue #25): refused, also
	// before a later duplicate, and after an earlier one.
	"Ame\x00lia\nVictor",
	"Amelia\n\u202eVictor",
	"A\tB\nC",
	"Ana\n\u200fBen\nana",
	"Ana\nana\n\u2066Ben",
	"Ana\n\x1b[31mBen",
	"Ana\nB\u061cen",
	"Ana\nBe\xffn",
	"Ana\n\u0085Ben",
	"Ana\nBe\ufffen",
	"Ana\nBen\uffff",
	"Ana\nB\ue000en",
	"Ana\nB\u00aden",
	"Ana\nB\u200ben",
	"Ana\nB\u2028en",
	"Ana\nB\U0010fffeen",
	"Ana\nB\ufdd0en",
	" Ana\t\nBen\r", // spaces around a name are trimmed, not refused
	"a\nb\nc\nd\ne\nf\ng\nh\ni\nA",
}

// directionMarks turn the direction of the text around them.
const directionMarks = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"

// refusedInNames: a control character (Cc), an invisible one (Cf: the
// text-direction marks among them), private use (Co), a line or paragraph
// separator, a noncharacter (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF), or a byte
// that is not UTF-8 (decoded as U+FFFD).
func refusedInNames(r rune) bool {
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Zl, unicode.Zp) || strings.ContainsRune(directionMarks, r) ||
		r >= 0xfdd0 && r <= 0xfdef || r%0x10000 >= 0xfffe || r == utf8.RuneError
}

// namesAsAPIMDSays is CheckNames written plainly, as API.md states it:
// the first name that is empty, longer than MaxNameLen characters, not
// plain text (invalid UTF-8, a control character or a text-direction
// mark) or the same in lower case as an earlier one.
func namesAsAPIMDSays(field string, names []string) error {
	seen := map[string]bool{}
	for i, n := range names {
		f := fmt.Sprintf("%s[%d].name", field, i)
		t := strings.TrimSpace(n)
		switch {
		case t == "":
			return Errorf(f, "a player needs a name")
		case len([]rune(t)) > MaxNameLen:
			return Errorf(f, "a name is at most %d characters", MaxNameLen)
		case slices.ContainsFunc([]rune(t), refusedInNames):
			r := []rune(t)[slices.IndexFunc([]rune(t), refusedInNames)]
			return Errorf(f, "a name cannot hold control characters, invisible or private characters, or characters that turn the direction of text (it holds %s)", fmt.Sprintf("U+%04X", r))
		case seen[strings.ToLower(t)]:
			return Errorf(f, "%q is already a player's name: names must differ", t)
		}
		seen[strings.ToLower(t)] = true
	}
	return nil
}

// FuzzCheckNames: the pair-by-pair check of a few names (no allocations)
// answers exactly as the check with a set of names seen, and both as
// API.md states the rules: missing, too long, control or text-direction
// characters, duplicates.
func FuzzCheckNames(f *testing.F) {
	for _, c := range checkNamesCases {
		f.Add(c)
	}
	same := func(a, b error) bool { return (a == nil) == (b == nil) && (a == nil || a.Error() == b.Error()) }
	f.Fuzz(func(t *testing.T, list string) {
		all := strings.Split(list, "\n")
		names := all[:min(len(all), 8)]
		got, set, want := CheckNames("players", names), checkManyNames("players", names), namesAsAPIMDSays("players", names)
		if !same(got, set) || !same(got, want) {
			t.Fatalf("%q: pair by pair %v, with a set %v, as API.md says %v", names, got, set, want)
		}
		if got, want := CheckNames("players", all), namesAsAPIMDSays("players", all); !same(got, want) {
			t.Fatalf("%d names %q: %v, as API.md says %v", len(all), all, got, want)
		}
	})
}

// TestCheckNamesRefusesControlAndDirection: the field is named and the
// rule said, on the few-names path and the many-names path alike.
func TestCheckNamesRefusesControlAndDirection(t *testing.T) {
	for _, bad := range []string{"Ame\x00lia", "\u202eVictor", "A\u2067B", "Be\u200en", "\x7fX", "A\tB", "\xffX"} {
		for _, names := range [][]string{{"Ana", bad}, {"a", "b", "c", "d", "e", "f", "g", "h", "i", bad}} {
			err := CheckNames("players", names)
			var in *InputError
			if !errors.As(err, &in) || in.Field != fmt.Sprintf("players[%d].name", len(names)-1) || !strings.Contains(in.Error(), "control characters") {
				t.Errorf("CheckNames(%q): %v", names, err)
			}
		}
	}
}

func TestCheckNamesAllocatesNothing(t *testing.T) {
	names := []string{"Amelia", "Victor", "Enrique", "amy"}
	if n := testing.AllocsPerRun(100, func() { CheckNames("players", names) }); n != 0 {
		t.Errorf("CheckNames of 4 valid names: %v allocations", n)
	}
}
