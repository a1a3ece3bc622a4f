package sessions

import (
	"strings"
	"testing"
)

// TestEveningNoteInComments: the evening's note goes into a play's
// comments as its own line after the game's note and comes back out;
// comments without such a line, or with one that is no note (too long),
// are the game's alone.
func TestEveningNoteInComments(t *testing.T) {
	for _, c := range []struct{ game, evening, comments string }{
		{"", "", ""},
		{"with the expansion", "", "with the expansion"},
		{"", "Ben's birthday", "Evening: Ben's birthday"},
		{"with the expansion\nclose!", "Ben's birthday", "with the expansion\nclose!\nEvening: Ben's birthday"},
	} {
		if got := WithEveningNote(c.game, c.evening); got != c.comments {
			t.Errorf("WithEveningNote(%q, %q) = %q, want %q", c.game, c.evening, got, c.comments)
		}
		if g, e := SplitEveningNote(c.comments); g != c.game || e != c.evening {
			t.Errorf("SplitEveningNote(%q) = %q, %q", c.comments, g, e)
		}
	}
	long := "Evening: " + strings.Repeat("x", MaxNoteLen+1)
	if g, e := SplitEveningNote("a\n" + long); e != "" || g != "a\n"+long {
		t.Errorf("a line too long for a note: %q, %q", g, e)
	}
	if g, e := SplitEveningNote("Evening: one\r\nmiddle\r\nEvening: two"); e != "two" || g != "Evening: one\r\nmiddle" {
		t.Errorf("the last evening line is the note: %q, %q", g, e)
	}
}

// FuzzSplitEveningNote: any comments split without a panic into a note
// that CheckNote keeps as it is, and a note written with WithEveningNote
// comes back whole.
func FuzzSplitEveningNote(f *testing.F) {
	f.Add("with the expansion", "Ben's birthday")
	f.Add("Evening: x\nEvening: y", "")
	f.Add("", "\u202e")
	f.Fuzz(func(t *testing.T, game, evening string) {
		_, e := SplitEveningNote(game)
		if clean, err := CheckNote(e); err != nil || clean != e {
			t.Fatalf("split %q gave the note %q, which CheckNote makes %q (%v)", game, e, clean, err)
		}
		note, err := CheckNote(evening)
		if err != nil || note == "" || strings.Contains(note, "\n") {
			return
		}
		if _, back := SplitEveningNote(WithEveningNote(game, note)); back != note {
			t.Fatalf("the note %q written after %q came back as %q", note, game, back)
		}
	})
}
