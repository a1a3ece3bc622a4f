package aufderhut

import (
	"errors"
	"net/url"
	"slices"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/aufderhut"
	"tablemate/web/kit"
)

func TestParseADHFormKeepsTableNamesAndVariant(t *testing.T) {
	v := url.Values{"players[0].name": {"Mallory"}, "players[1].characters": {"3"}, "options.variant": {"three_left"}}
	body, slots, err := parseADHForm(v, []string{"Ida", "Jan"})
	if err != nil || !slices.Equal(slots, []int{0, 1}) {
		t.Fatalf("%v %v", slots, err)
	}
	st, err := aufderhut.Decode(body)
	if err != nil || st.Players[0].Name != "Ida" || st.Players[1].Characters != 3 || st.Options.Variant != aufderhut.ThreeLeft {
		t.Fatalf("%+v %v", st, err)
	}
	if got := adhValues(body); got.Get("players[1].characters") != "3" || got.Get("options.variant") != "three_left" {
		t.Errorf("values round trip: %v", got)
	}
}

func FuzzParseADHForm(f *testing.F) {
	f.Add("Ida", "6", "2", "3", "standard", "Jan")
	f.Add("", "", "", "", "", "")
	f.Add("x", "-1", "99999999999999999999", " 4 ", "three_left", "x")
	f.Fuzz(func(t *testing.T, name, chars, wonder, bald, variant, other string) {
		v := url.Values{}
		v.Set("players[0].name", name)
		v.Set("players[0].characters", chars)
		v.Set("players[0].wonderhats", wonder)
		v.Set("players[0].bald_heads", bald)
		v.Set("players[4].name", other)
		v.Set("players[4].bald_heads", bald)
		v.Set("options.variant", variant)
		for _, fixed := range [][]string{nil, {"Ida", "Jan"}} {
			body, slots, err := parseADHForm(v, fixed)
			if err != nil {
				var in *scoring.InputError
				if !errors.As(err, &in) || in.Field == "" {
					t.Fatalf("form error without a field: %v", err)
				}
				continue
			}
			if _, err := (aufderhut.Engine{}).Check(body); err != nil {
				var in *scoring.InputError
				if !errors.As(err, &in) {
					t.Fatalf("engine error is not an InputError: %v", err)
				}
				_ = kit.RemapField(in.Field, slots)
			}
			_ = adhDisplay(body)
		}
	})
}
