package i18n_test

import (
	"context"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/views/i18n"
)

// TestPluralRule: one plural rule (CLDR's cardinal "one") for every
// count, in both languages: exactly 1 takes the singular; 0, 2, 11, 21
// and negative counts the plural.
func TestPluralRule(t *testing.T) {
	for _, lang := range i18n.Supported {
		for n, one := range map[int]bool{0: false, 1: true, 2: false, 11: false, 21: false, 101: false, -1: false} {
			if got := scoring.One(lang, n); got != one {
				t.Errorf("%s: One(%d) = %v, want %v", lang, n, got, one)
			}
		}
	}
}

// TestPluralCases: counts (scoring.Count, said by i18n.Say; a count's
// word beside its figure, chosen by scoring.One on a page) take the form their
// number needs, in English and German, one count at a time in one
// sentence ("12 Figuren und 1 Wunderhut", not "1 Wunderhüte").
func TestPluralCases(t *testing.T) {
	en := i18n.With(context.Background(), i18n.English, "/")
	de := i18n.With(context.Background(), i18n.German, "/")
	taken := func(m, w int) scoring.Phrase {
		return scoring.Phrasef("%s and %s were taken: a standard game ends at the first refill that cannot be done, so it needs %d characters taken (no character left to refill) or %d characters and wonderhats together (no hat left); if you played on until 3 characters were left, choose that variant",
			scoring.Count(m, "1 character", "%d characters"), scoring.Count(w, "1 wonderhat", "%d wonderhats"), 14, 18)
	}
	// noun is a count's word without its number, as the member page
	// picks it ("3" over "games played").
	noun := func(ctx context.Context, n int, one, many string) string {
		if scoring.One(i18n.Lang(ctx), n) {
			return i18n.T(ctx, one)
		}
		return i18n.T(ctx, many)
	}
	for _, c := range []struct{ got, want string }{
		{i18n.Say(en, scoring.Count(1, "1 game", "%d games")), "1 game"},
		{i18n.Say(en, scoring.Count(0, "1 game", "%d games")), "0 games"},
		{i18n.Say(de, scoring.Count(1, "1 game", "%d games")), "1 Partie"},
		{i18n.Say(de, scoring.Count(2, "1 game", "%d games")), "2 Partien"},
		{i18n.Say(de, scoring.Count(1500, "1 game", "%d games")), "1.500 Partien"},
		{noun(de, 1, "game played", "games played"), "Partie gespielt"},
		{noun(de, 3, "game played", "games played"), "Partien gespielt"},
		{i18n.Say(en, scoring.Points(1)), "1 point"},
		{i18n.Say(en, scoring.Points(-1)), "-1 points"},
		{i18n.Say(de, scoring.Points(1)), "1 Punkt"},
		{i18n.Say(de, scoring.Points(5)), "5 Punkte"},
		{scoring.Points(1).String(), "1 point"},
		{taken(12, 1).String(), "12 characters and 1 wonderhat were taken: "},
		{i18n.Say(de, taken(12, 1)), "12 Figuren und 1 Wunderhut wurden genommen: "},
		{i18n.Say(de, taken(1, 2)), "1 Figur und 2 Wunderhüte wurden genommen: "},
		// A count with further arguments: one gets them alone, many after n.
		{i18n.Say(en, scoring.Count(1, "1 salmon on %d–%d", "%d salmon on %d–%d", 3, 4)), "1 salmon on 3–4"},
		{i18n.Say(de, scoring.Count(1, "1 salmon on %d–%d", "%d salmon on %d–%d", 3, 4)), i18n.T(de, "1 salmon on %d–%d", 3, 4)},
		{i18n.Say(de, scoring.Count(2, "1 salmon on %d–%d", "%d salmon on %d–%d", 3, 4)), i18n.T(de, "%d salmon on %d–%d", 2, 3, 4)},
		// A form of its own for none: German "keinmal", not "0-mal".
		{i18n.Say(en, scoring.Count(0, "1 time", "%d times").None("0 times")), "0 times"},
		{i18n.Say(de, scoring.Count(0, "1 time", "%d times").None("0 times")), "keinmal"},
		{i18n.Say(de, scoring.Count(0, "1 time", "%d times")), "0-mal"},
		{i18n.Say(de, scoring.Count(1, "1 time", "%d times").None("0 times")), "einmal"},
		{i18n.Say(de, scoring.Count(3, "1 time", "%d times").None("0 times")), "3-mal"},
		// A list of phrases, each said in turn; a verbatim label as it is.
		{i18n.Say(de, scoring.Phrasef("Section %d: %s", 7, scoring.List{Sep: ", ", Items: []scoring.Phrase{scoring.Phrasef("tourist placed by %s", "Ana"), scoring.Phrasef("empty")}})),
			i18n.T(de, "Section %d: %s", 7, i18n.T(de, "tourist placed by %s", "Ana")+", "+i18n.T(de, "empty"))},
		{i18n.Say(de, scoring.Verbatim("3 + 4")), "3 + 4"},
		// A separator of words is said in the reader's language too.
		{i18n.Say(de, scoring.Phrasef("gives %s", scoring.List{Sep: " or ", Items: []scoring.Phrase{scoring.Verbatim("2"), scoring.Phrasef("nothing")}})),
			i18n.T(de, "gives %s", "2"+i18n.T(de, " or ")+i18n.T(de, "nothing"))},
		{i18n.T(de, " or "), " oder "},
	} {
		if c.got != c.want && !(strings.HasSuffix(c.want, ": ") && strings.HasPrefix(c.got, c.want)) {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
