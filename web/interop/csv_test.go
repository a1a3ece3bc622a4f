package interop

import "testing"

// A text cell a spreadsheet would run as a formula is neutralised, each
// dangerous first character of OWASP's list; what is left alone stays,
// and a number stays a number (moved from web/server's
// TestHostileCSVFormulas, whose HTTP half stays there).
func TestSheetCells(t *testing.T) {
	for in, want := range map[string]string{
		"=1+2": "'=1+2", "+1": "'+1", "-1": "'-1", "@SUM(A1)": "'@SUM(A1)", "\tX": "'\tX", "\rX": "'\rX",
		"Ana": "Ana", "": "", " =1": " =1", "a=b": "a=b",
	} {
		if got := csvText(in); got != want {
			t.Errorf("csvText(%q) = %q, want %q", in, got, want)
		}
	}
	s := newSheet()
	s.row("-3", -3, 2.5, true)
	if got := string(s.bytes()); got != "'-3,-3,2.5,true\n" {
		t.Errorf("a text -3 and a number -3: %q", got)
	}
}
