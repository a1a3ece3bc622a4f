package kks

import (
	"slices"
	"testing"
)

func TestParseStack(t *testing.T) {
	tests := []struct {
		in   string
		want Stack
		out  string
	}{
		{"", nil, ""},
		{"4 6 x 5", Stack{{4, false, false}, {6, false, false}, {0, true, true}, {5, false, false}}, "4 6 x 5"},
		{"x3", Stack{{3, true, false}}, "x3"},
		{"  10\tX1  9 ", Stack{{10, false, false}, {1, true, false}, {9, false, false}}, "10 x1 9"},
		{"11 0", Stack{{11, false, false}, {0, false, false}}, "11 0"}, // readable; card_value reports them
		// ruling KKS-1: a face-down card of known value is read like a
		// face-up one, so x0 is a card the game lacks (card_value), not
		// an unreadable token.
		{"x0 x00 x-0 0", Stack{{0, true, false}, {0, true, false}, {0, true, false}, {0, false, false}}, "x0 x0 x0 0"},
		{"x12 1000 -1 +2 x-3 007", Stack{{12, true, false}, {1000, false, false}, {-1, false, false}, {2, false, false}, {-3, true, false}, {7, false, false}}, "x12 1000 -1 2 x-3 7"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseStack(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
			if got.String() != tt.out {
				t.Errorf("String() = %q, want %q", got.String(), tt.out)
			}
		})
	}
	for _, bad := range []string{"4 banana", "+-1", "--1", "-", "x+", "1,2", "xx", "1234567890", "4x", "x 4.5", "½"} {
		if _, err := ParseStack(bad); err == nil {
			t.Errorf("ParseStack(%q) accepted an unreadable stack", bad)
		}
	}
}

func TestParseCard(t *testing.T) {
	c, err := ParseCard("Red 10")
	if err != nil || c != (Card{Red, 10}) || c.String() != "red 10" {
		t.Fatalf("ParseCard(Red 10) = %v, %v", c, err)
	}
	for _, bad := range []string{"", "red", "green 3", "blue 11", "blue 0", "yellow x"} {
		if _, err := ParseCard(bad); err == nil {
			t.Errorf("ParseCard(%q) accepted", bad)
		}
	}
}

func TestTurnsPerPlayer(t *testing.T) {
	// ruling KKS-3: 17 each with 2 players, 12 with 3, 9 with 4
	for players, want := range map[int]int{1: 0, 2: 17, 3: 12, 4: 9, 5: 0} {
		if got := TurnsPerPlayer(players); got != want {
			t.Errorf("TurnsPerPlayer(%d) = %d, want %d", players, got, want)
		}
	}
}

func FuzzParseStack(f *testing.F) {
	for _, s := range []string{"4 6 x 5", "x3", "", "10 x1 9", "x", "11", "4 banana"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseStack(s)
		if err != nil {
			return
		}
		again, err := ParseStack(st.String())
		if err != nil {
			t.Fatalf("%q formats to %q, which does not parse: %v", s, st.String(), err)
		}
		if !slices.Equal(st, again) {
			t.Fatalf("%q → %v → %q → %v", s, st, st.String(), again)
		}
	})
}
