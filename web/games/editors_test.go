package games_test

import (
	"errors"
	"net/url"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/alaska"
	"tablemate/scoring/runemarket"
	"tablemate/web/games"
	"tablemate/web/kit"
)

// FuzzParseCountersForms: the counters editors (kit.Counters) of Alaska
// and The Rune Market turn any form into a state their engine reads or an
// input error; reading a state back never panics.
func FuzzParseCountersForms(f *testing.F) {
	f.Add("Ana", "5", "1", "Ben", "x")
	f.Add("", "-1", "", "", "")
	f.Fuzz(func(t *testing.T, name, n, check, choice, other string) {
		v := url.Values{}
		v.Set("players[0].name", name)
		v.Set("players[1].name", "Zed")
		for _, k := range []string{"salmon", "runes.red", "red_shelter.runes", "highest_number_card"} {
			v.Set("players[0]."+k, n)
		}
		v.Set("players[0].red_shelter", check)
		v.Set("players[0].red_shelter.bandit", choice)
		v.Set("options.rps_winner", other)
		for _, ed := range []struct {
			e     kit.Editor
			check func([]byte) (scoring.Result, error)
		}{{editorOf(alaska.Slug), alaska.Engine{}.Check}, {editorOf(runemarket.Slug), runemarket.Engine{}.Check}} {
			body, _, err := ed.e.Parse(v, nil)
			var in *scoring.InputError
			if err != nil {
				if !errors.As(err, &in) {
					t.Fatalf("form error is not an InputError: %v", err)
				}
				continue
			}
			if _, err := ed.check(body); err != nil && !errors.As(err, &in) {
				t.Fatalf("engine error is not an InputError: %v", err)
			}
			ed.e.Values(body) // never panics
		}
	})
}

// editorOf is the registry's editor of a game.
func editorOf(slug string) kit.Editor {
	g, _ := games.Find(slug)
	return g.Editor
}
