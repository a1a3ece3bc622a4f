package scoring

import (
	"bytes"
	"encoding/json"
	"testing"
)

// jsonResult builds a Result from fuzzed parts: text goes into every
// string, n into every number, and the flags choose nil or empty lists,
// a tie-break, rounds and a player on each violation.
func jsonResult(text string, n int, flags uint8) Result {
	r := Result{Game: text, Valid: flags&1 != 0, GameOver: flags&2 != 0}
	if flags&4 != 0 {
		r = NewResult(text)
	}
	if flags&8 != 0 {
		r.Violations = append(r.Violations, Violation{Code: "c" + text, Rule: "KKS-1", Message: text + "<&>"})
		r.Warnings = append(r.Warnings, Violation{Code: text, Player: text, Rule: text, Message: text})
	}
	if flags&16 != 0 {
		p := PlayerResult{Name: text, Total: n, Breakdown: []Line{Linef(n, "%s face-up", text), {Label: text, Points: -n}}}
		if flags&32 != 0 {
			p.Rounds = []int{n, -n, 0}
		}
		r.Players = append(r.Players, p, PlayerResult{Name: "Ben", Total: 0})
		r.Winners = append(r.Winners, text, "Ben")
	}
	if flags&64 != 0 {
		r.SetTieBreak(Phrasef("%s tie on %d", text, n))
	}
	return r
}

func FuzzAppendJSON(f *testing.F) {
	for _, s := range []string{"Amelia", "", "<b>&</b>", "a\"b\\c", "\b\f\n\r\t\x00\x1f\x7f", "\xff\xfe", "\u2028\u2029", "Jörg 🎲", "\xed\xa0\x80"} {
		f.Add(s, 58, uint8(0xff))
		f.Add(s, -3, uint8(0x15))
	}
	f.Fuzz(func(t *testing.T, text string, n int, flags uint8) {
		r := jsonResult(text, n, flags)
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.AppendJSON(nil); !bytes.Equal(got, want) {
			t.Fatalf("AppendJSON\n got %s\nwant %s", got, want)
		}
	})
}
