package plays

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestWritableOldNames: plays holding what a table's log may hold from
// before today's name rules (U+FFFE, U+FFFF, a NUL, bytes that are not
// UTF-8, a 1 MB name, two names that become one, spaces, numbers out of
// bounds) are refused by Validate, and once Writable both writers write
// them, with each bad character as U+FFFD and every name still told
// apart; the file reads back. Good plays come back as they were.
func TestWritableOldNames(t *testing.T) {
	good := evening()
	if got := Writable(good); &got[0] != &good[0] {
		t.Error("plays that pass Validate were copied")
	}
	long := strings.Repeat("x", 1<<20)
	bad := append(evening(), Play{
		ID: "table/old/game/1", Game: Game{Name: "Sheet\ufffe"}, Played: at("2024-05-12 20:00"),
		Location: " Küche\x00 ", Comments: "ok\nline\uffff", Rounds: MaxRounds + 5,
		Players: []Player{
			{Name: "Ana\ufffe", Score: Int(3), Rank: 1, Winner: true},
			{Name: "Ana\uffff", Score: Int(MaxScore + 1), Rank: 2},
			{Name: "Ben\xff", Score: Int(1), Rank: 3},
			{Name: long, Score: Int(0), Rank: 4},
			{Name: "\x00", Score: Int(0), Rank: 5, Seat: -1},
		},
	})
	if seven.Validate(bad) == nil {
		t.Fatal("the old names pass Validate: the test tests nothing")
	}
	before := bad[len(bad)-1].Players[0].Name
	w := Writable(bad)
	if bad[len(bad)-1].Players[0].Name != before {
		t.Error("Writable changed the plays it was given")
	}
	if err := seven.Validate(w); err != nil {
		t.Fatalf("Writable's plays do not validate: %v", err)
	}
	for i := range good {
		if w[i].ID != good[i].ID || w[i].Players[0].Name != good[i].Players[0].Name {
			t.Errorf("a good play changed: %+v", w[i])
		}
	}
	old := w[len(w)-1]
	names := []string{}
	for _, pl := range old.Players {
		names = append(names, pl.Name)
	}
	want := []string{"Ana\ufffd", "Ana\ufffd (2)", "Ben\ufffd", strings.Repeat("x", MaxText), "\ufffd"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("names %q, want %q", names, want)
	}
	if old.Game.Name != "Sheet\ufffd" || old.Location != "Küche\ufffd" || old.Comments != "ok\nline\ufffd" || old.Rounds != MaxRounds ||
		*old.Players[1].Score != MaxScore || old.Players[4].Seat != 0 {
		t.Errorf("the old play written as %+v", old)
	}
	for name, f := range map[string]format{"BG Stats": bgStatsFile, "BoardGameGeek": bggFile} {
		var b bytes.Buffer
		if err := f.write(&b, w); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !utf8.Valid(b.Bytes()) || bytes.Contains(b.Bytes(), []byte("\uffff")) || bytes.Contains(b.Bytes(), []byte("\ufffe")) {
			t.Errorf("%s writes a noncharacter or bytes that are not UTF-8", name)
		}
		back, err := f.read(&b, Limits{})
		if err != nil {
			t.Fatalf("%s does not read back: %v", name, err)
		}
		if got := back[len(back)-1].Players[1].Name; got != "Ana\ufffd (2)" {
			t.Errorf("%s reads back %q", name, got)
		}
	}
}

// FuzzWritable: whatever a stored name, place or comment holds, Writable
// makes plays both writers take.
func FuzzWritable(f *testing.F) {
	f.Add("Ana\ufffe", "Ana\uffff", "Küche\x00", "x\ny")
	f.Add("", " ", "\xff\xfe", "\r")
	f.Add("Ana", "Ana", strings.Repeat("é", MaxText+1), "")
	f.Fuzz(func(t *testing.T, a, b, place, comments string) {
		ps := Writable([]Play{{ID: a, Game: Game{Name: b}, Played: at("2024-05-12 20:00"), Location: place, Comments: comments,
			Players: []Player{{Name: a, Score: Int(1)}, {Name: b, ScoreText: place}, {Name: a, Color: comments}}}})
		if err := seven.Validate(ps); err != nil {
			t.Fatalf("Writable's plays do not validate: %v", err)
		}
		for name, fm := range map[string]format{"BG Stats": bgStatsFile, "BoardGameGeek": bggFile} {
			var buf bytes.Buffer
			if err := fm.write(&buf, ps); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
	})
}
