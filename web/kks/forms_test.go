package kks

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/kks"
	"tablemate/web/kit"
)

func TestParseKKSFormSkipsEmptySeatsOnTheCheckPage(t *testing.T) {
	v := url.Values{}
	v.Set("players[0].name", "Ana")
	v.Set("players[0].display.red", "1 5")
	v.Set("players[2].name", "Cy") // seat 2 (the third) plays, seat 1 is empty
	v.Set("players[2].display.blue", "4 zz")
	body, slots, err := parseKKSForm(v, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(slots) != 2 || slots[1] != 2 {
		t.Fatalf("slots %v, want [0 2]", slots)
	}
	_, err = kks.Engine{}.Check(body)
	var in *scoring.InputError
	if !errors.As(err, &in) || kit.RemapField(in.Field, slots) != "players[2].display.blue" {
		t.Fatalf("error %v does not land on the third seat's blue stack", err)
	}
}

func TestParseKKSFormKeepsTableNames(t *testing.T) {
	v := url.Values{"players[0].name": {"Mallory"}, "players[0].tokens": {"4"}}
	body, _, err := parseKKSForm(v, []string{"Ana", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := kks.Engine{}.Check(body)
	if err != nil || res.Players[0].Name != "Ana" || res.Players[1].Name != "Ben" {
		t.Fatalf("names %v, %v; want the table's", res.Players, err)
	}
	if kksValues(body).Get("players[0].tokens") != "4" {
		t.Errorf("values round trip lost the tokens: %v", kksValues(body))
	}
}

func FuzzParseKKSForm(f *testing.F) {
	f.Add("Ana", "1 5 x", "3", "9", "2", "why", "13")
	f.Add("", "", "", "", "", "", "")
	f.Add("Bo", "x x", "-1", "x", "y", "", "99")
	f.Fuzz(func(t *testing.T, name, stack, tokens, card, points, reason, special string) {
		v := url.Values{}
		v.Set("players[0].name", name)
		v.Set("players[0].display.red", stack)
		v.Set("players[0].tokens", tokens)
		v.Set("players[1].name", "Other")
		v.Set("players[0].adjustments[0].card", card)
		v.Set("players[0].adjustments[0].points", points)
		v.Set("players[0].adjustments[0].reason", reason)
		v.Add("options.special_cards", special)
		for _, fixed := range [][]string{nil, {"Ana", "Ben"}} {
			body, slots, err := parseKKSForm(v, fixed)
			if err != nil {
				var in *scoring.InputError
				if !errors.As(err, &in) || in.Field == "" {
					t.Fatalf("form error without a field: %v", err)
				}
				continue
			}
			if _, err := (kks.Engine{}).Check(body); err != nil {
				var in *scoring.InputError
				if !errors.As(err, &in) {
					t.Fatalf("engine error is not an InputError: %v", err)
				}
				_ = kit.RemapField(in.Field, slots)
			}
		}
	})
}

// The result page's chips: a face-down card of known value shows its
// value, x0 and x11 as well as x4 (KKS-1: read like a face-up card, a
// card the game does not have); only x, whose value is not known, is "?".
func TestDisplayChipsFollowKKS1(t *testing.T) {
	state := []byte(`{"players":[{"name":"Ana","tokens":1,"display":{"red":"5 x0","blue":"6 x","yellow":"3 x11","black":"9 x4 0"}}]}`)
	got := map[string][]string{}
	for _, st := range kksDisplay(state)["Ana"] {
		for _, c := range st.Cards {
			got[st.Colour] = append(got[st.Colour], c.Text)
		}
	}
	want := map[string][]string{"red": {"5", "↓0"}, "blue": {"6", "?"}, "yellow": {"3", "↓11"}, "black": {"9", "↓4", "0"}}
	for colour, w := range want {
		if g := got[colour]; len(g) != len(w) || strings.Join(g, " ") != strings.Join(w, " ") {
			t.Errorf("%s stack shown as %q, want %q", colour, g, w)
		}
	}
}
