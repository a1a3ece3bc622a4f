package jsonspace

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func fold(t testing.TB, in string) string {
	t.Helper()
	// One byte at a time: runs and strings split across reads.
	out, err := io.ReadAll(NewReader(iotest.OneByteReader(strings.NewReader(in))))
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestFold(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{`{"a" :   1}`, `{"a" : 1}`},
		{"[1 \n\t\r 2]", "[1 2]"},
		{`"  keep   this  "`, `"  keep   this  "`},
		{`["a\"  b",   "c\\"   ,"d"]`, `["a\"  b", "c\\" ,"d"]`},
		{"\n\n{}\n\n", " {} "},
	} {
		if got := fold(t, c.in); got != c.want {
			t.Errorf("fold(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Folding is invisible to encoding/json: every input decodes (or fails)
// the same with and without it, and a value decodes to the same.
func FuzzFold(f *testing.F) {
	for _, s := range []string{`{"a": [1, 2, "x  y"]}`, "[1 2]", `"\"  "`, `{"a":"\\"}  `, "  nul l", `[" \u0020 "]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var plain, folded any
		perr := json.Unmarshal([]byte(in), &plain)
		ferr := json.NewDecoder(NewReader(iotest.OneByteReader(strings.NewReader(in)))).Decode(&folded)
		if perr == nil {
			// Decode reads one value and may stop before trailing junk
			// that Unmarshal refuses; a valid document must agree.
			if ferr != nil {
				t.Fatalf("%q: valid, but folded: %v", in, ferr)
			}
			a, _ := json.Marshal(plain)
			b, _ := json.Marshal(folded)
			if !bytes.Equal(a, b) {
				t.Fatalf("%q: %s folded to %s", in, a, b)
			}
		}
		if len(fold(t, in)) > len(in) {
			t.Fatalf("%q grew", in)
		}
	})
}

// Tokens after a long run of spaces cost the Decoder a linear scan: the
// folded stream holds one space where the input held millions.
func TestLongPaddingFoldsToOneSpace(t *testing.T) {
	in := "[" + strings.Repeat(" ", 4<<20) + "1]"
	r := NewReader(strings.NewReader(in))
	out, err := io.ReadAll(r)
	if err != nil || string(out) != "[ 1]" {
		t.Fatalf("%.20q, %v", out, err)
	}
}
