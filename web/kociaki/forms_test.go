package kociaki

import (
	"errors"
	"net/url"
	"slices"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/kociaki"
	"tablemate/web/kit"
)

func TestParseKocForm(t *testing.T) {
	v := url.Values{"players[0].name": {"Mallory"}, "players[1].chips.10": {" 2  3 "}, "players[1].string_left": {"7,5"},
		"options.variant": {"experienced"}, "options.all_types_bonus": {"additional"}}
	body, slots, err := parseKocForm(v, []string{"Ana", "Ben"})
	if err != nil || !slices.Equal(slots, []int{0, 1}) {
		t.Fatalf("%v %v", slots, err)
	}
	st, err := kociaki.Decode(body)
	if err != nil || st.Players[0].Name != "Ana" || !slices.Equal(st.Players[1].Chips["10"], []int{2, 3}) ||
		*st.Players[1].StringLeft != 7.5 || st.Options.AllTypesBonus != kociaki.Additional {
		t.Fatalf("%+v %v", st, err)
	}
	back := kocValues(body)
	if back.Get("players[1].chips.10") != "2 3" || back.Get("players[1].string_left") != "7.5" || back.Get("options.variant") != "experienced" {
		t.Errorf("values round trip: %v", back)
	}
	for _, s := range []string{"NaN", "Inf", "1e999"} {
		if _, _, err := parseKocForm(url.Values{"players[0].string_left": {s}}, []string{"Ana", "Ben"}); err == nil {
			t.Errorf("string left %q accepted", s)
		}
	}
}

func FuzzParseKocForm(f *testing.F) {
	f.Add("Ana", "2 3", "4", "12", "experienced", "instead", "Ben")
	f.Add("", "", "", "", "", "", "")
	f.Add("x", "2,,3+", "99999999999999999999", "NaN", "pro", "x", "x")
	f.Fuzz(func(t *testing.T, name, chips, other, str, variant, bonus, second string) {
		v := url.Values{}
		v.Set("players[0].name", name)
		v.Set("players[0].chips.1", chips)
		v.Set("players[0].chips.10", other)
		v.Set("players[0].string_left", str)
		v.Set("players[3].name", second)
		v.Set("players[3].chips.1", other)
		v.Set("options.variant", variant)
		v.Set("options.all_types_bonus", bonus)
		for _, fixed := range [][]string{nil, {"Ana", "Ben"}} {
			body, slots, err := parseKocForm(v, fixed)
			if err != nil {
				var in *scoring.InputError
				if !errors.As(err, &in) || in.Field == "" {
					t.Fatalf("form error without a field: %v", err)
				}
				continue
			}
			if len(body) == 0 {
				t.Fatal("the parser built no JSON")
			}
			if _, err := (kociaki.Engine{}).Check(body); err != nil {
				var in *scoring.InputError
				if !errors.As(err, &in) {
					t.Fatalf("engine error is not an InputError: %v", err)
				}
				_ = kit.RemapField(in.Field, slots)
			}
		}
	})
}
