package cambio

import (
	"strings"
	"testing"
)

func TestParseCard(t *testing.T) {
	tests := []struct {
		token string
		want  Card
		value int
	}{
		{"0", Card{Kind: Number}, 0},
		{"7", Card{Kind: Number, N: 7}, 7},
		{"13", Card{Kind: Number, N: 13}, 13},
		{" 07 ", Card{Kind: Number, N: 7}, 7},
		{"red-king", Card{Kind: RedKing}, -2},
		{"Red King", Card{Kind: RedKing}, -2},
		{" RED_KING ", Card{Kind: RedKing}, -2},
		{"blue-king", Card{Kind: BlueKing}, 13},
		{"peek-mine", Card{Kind: PeekMine}, 10},
		{"Peek Yours", Card{Kind: PeekYours}, 10},
		{"SWAP", Card{Kind: Swap}, 10},
		{"energy", Card{Kind: Energy}, 10},
		{"sunlight", Card{Kind: Sunlight}, 10},
		{"v:7", Card{Kind: Corner, N: 7}, 7},
		{" V: 10 ", Card{Kind: Corner, N: 10}, 10},
		{"v:-2", Card{Kind: Corner, N: -2}, -2},
		{"v:−2", Card{Kind: Corner, N: -2}, -2},
		{"v:13", Card{Kind: Corner, N: 13}, 13},
		// A player's cards by their sum (ruling CAM-1, a corner value for
		// the whole hand): a typed 17 is accepted.
		{"sum:17", Card{Kind: Sum, N: 17}, 17},
		{" Sum: −4 ", Card{Kind: Sum, N: -4}, -4},
		{"sum:0", Card{Kind: Sum, N: 0}, 0},
		{"sum:988", Card{Kind: Sum, N: 988}, 988},
	}
	for _, tt := range tests {
		t.Run(tt.token, func(t *testing.T) {
			c, err := ParseCard(tt.token)
			if err != nil {
				t.Fatal(err)
			}
			if c != tt.want || c.Value() != tt.value {
				t.Errorf("got %+v worth %d, want %+v worth %d", c, c.Value(), tt.want, tt.value)
			}
			back, err := ParseCard(c.String())
			if err != nil || back != c {
				t.Errorf("String %q reads back as %+v, %v", c.String(), back, err)
			}
		})
	}
}

func TestParseCardRejects(t *testing.T) {
	for _, tok := range []string{"", "  ", "14", "-1", "+3", "1 3", "king", "hairball", "v:", "v:14", "v:-3", "v:x", "7.5", "v:+", "sum:", "sum:x", "sum:989", "sum:-153", "sum:1.5"} {
		t.Run(tok, func(t *testing.T) {
			if c, err := ParseCard(tok); err == nil {
				t.Errorf("ParseCard(%q) = %+v, want an error", tok, c)
			} else if !strings.Contains(err.Error(), "card") && !strings.Contains(err.Error(), "corner") && !strings.Contains(err.Error(), "sum") {
				t.Errorf("unhelpful error %q", err)
			}
		})
	}
}

func TestNamedCards(t *testing.T) {
	var got []string
	for _, c := range NamedCards() {
		got = append(got, c.String()+"="+Points(c.Value())+"="+c.Title())
	}
	want := "red-king=−2=Red King blue-king=13=Blue King peek-mine=10=Peek Mine peek-yours=10=Peek Yours swap=10=Swap energy=10=Energy sunlight=10=Sunlight"
	if strings.Join(got, " ") != want {
		t.Errorf("got %v", got)
	}
	if n := NumberCards(); len(n) != 14 || n[13].Value() != 13 || n[0].Value() != 0 {
		t.Errorf("number cards %v", n)
	}
	if got := (Card{Kind: Corner, N: -2}).Title(); got != "value −2" {
		t.Errorf("corner title %q", got)
	}
}

func TestCardText(t *testing.T) {
	var c Card
	if err := c.UnmarshalText([]byte("Blue King")); err != nil || c.Kind != BlueKing {
		t.Fatalf("%+v %v", c, err)
	}
	if b, _ := c.MarshalText(); string(b) != "blue-king" {
		t.Errorf("marshal %q", b)
	}
	if err := c.UnmarshalText([]byte("joker")); err == nil {
		t.Error("joker accepted")
	}
}

// FuzzParseCard: never panics; a parsed card prints a token that parses to
// the same card with the same value, within CAM-1's range.
func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"7", "red-king", "Peek Yours", "v:-2", "v: 13", "14", "", "v:−2", "hairball", "sum:17", "sum:-4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tok string) {
		c, err := ParseCard(tok)
		if err != nil {
			return
		}
		back, err := ParseCard(c.String())
		if err != nil || back != c {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", tok, c, c.String(), back, err)
		}
		if v, lo, hi := c.Value(), MinCorner, MaxCorner; c.Kind == Sum && (v < MinSum || v > MaxSum) || c.Kind != Sum && (v < lo || v > hi) {
			t.Fatalf("%q is worth %d", tok, v)
		}
	})
}

// TestNamedTokensListsEveryNamedCard: the list an error names the named
// cards by is every named card's token, in the picker's order.
func TestNamedTokensListsEveryNamedCard(t *testing.T) {
	var toks []string
	for _, c := range NamedCards() {
		toks = append(toks, c.String())
	}
	if got := strings.Join(toks, ", "); got != NamedTokens {
		t.Errorf("NamedTokens = %q, the cards are %q", NamedTokens, got)
	}
}
