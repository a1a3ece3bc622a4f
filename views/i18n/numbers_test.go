package i18n

import (
	"context"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tablemate/scoring"
)

// TestNumbersByLanguage: decimals, percentages and dates as each
// language writes them, with the real minus sign and no grouping.
func TestNumbersByLanguage(t *testing.T) {
	en := With(context.Background(), English, "/")
	de := With(context.Background(), German, "/")
	for _, c := range []struct {
		x      float64
		digits int
		en, de string
	}{
		{3.5, -1, "3.5", "3,5"},
		{7.5, 1, "7.5", "7,5"},
		{17, 1, "17.0", "17,0"},
		{17, -1, "17", "17"},
		{-2.25, 1, "−2.3", "−2,3"},
		{-0.04, 1, "0.0", "0,0"},
		{1500.5, -1, "1500.5", "1500,5"},
		{2.125, -1, "2.125", "2,125"},
	} {
		if got := Decimal(en, c.x, c.digits); got != c.en {
			t.Errorf("English Decimal(%v, %d) = %q, want %q", c.x, c.digits, got, c.en)
		}
		if got := Decimal(de, c.x, c.digits); got != c.de {
			t.Errorf("German Decimal(%v, %d) = %q, want %q", c.x, c.digits, got, c.de)
		}
	}
	for _, c := range []struct {
		pct    int
		en, de string
	}{{25, "25%", "25\u00a0%"}, {0, "0%", "0\u00a0%"}, {100, "100%", "100\u00a0%"}} {
		if got := Percent(en, c.pct); got != c.en {
			t.Errorf("English Percent(%d) = %q, want %q", c.pct, got, c.en)
		}
		if got := Percent(de, c.pct); got != c.de {
			t.Errorf("German Percent(%d) = %q, want %q", c.pct, got, c.de)
		}
	}
	// In a sentence: "3,5 ± 7,5" as the member page writes a rating.
	if got := Decimal(de, 3.5, 1) + " ± " + Decimal(de, 7.5, 1); got != "3,5 ± 7,5" {
		t.Errorf("German rating %q", got)
	}
	at := time.Date(2026, time.March, 2, 20, 15, 9, 0, time.UTC)
	for _, c := range []struct{ got, want string }{
		{Date(en, at), "2 March 2026"},
		{Date(de, at), "2. März 2026"},
		{DateTime(en, at, false, false), "Mon 2 Mar, 20:15"},
		{DateTime(de, at, false, false), "Mo 2. März, 20:15"},
		{DateTime(en, at, true, true), "Mon 2 Mar 2026, 20:15:09"},
		{DateTime(de, at, true, true), "Mo 2. März 2026, 20:15:09"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

// TestDecimalArgumentsAreWrittenByLanguage: a scoring.Decimal in a phrase
// is written as Decimal writes it with digits -1, in English (String, what
// the API and an English page show) and in German, also inside a List of
// phrases (points by place, "3/1,5/1,5/0").
func TestDecimalArgumentsAreWrittenByLanguage(t *testing.T) {
	en := With(context.Background(), English, "/")
	de := With(context.Background(), German, "/")
	rapid.Check(t, func(r *rapid.T) {
		x := rapid.Float64Range(-1e6, 1e6).Draw(r, "x")
		if rapid.Bool().Draw(r, "shared") { // a tie's share: a whole number over a few players
			x = float64(rapid.IntRange(-40, 40).Draw(r, "sum")) / float64(rapid.IntRange(1, 9).Draw(r, "tied"))
		}
		p := scoring.Phrasef("%s", scoring.Decimal(x))
		if got, want := Say(en, p), Decimal(en, x, -1); got != want || scoring.Decimal(x).String() != want {
			r.Fatalf("English: Say %q, String %q, want %q", got, scoring.Decimal(x).String(), want)
		}
		if got, want := Say(de, p), Decimal(de, x, -1); got != want {
			r.Fatalf("German: Say %q, want %q", got, want)
		}
	})
	places := scoring.List{Sep: "/", Items: []scoring.Phrase{
		scoring.Phrasef("%s", scoring.Decimal(3)), scoring.Phrasef("%s", scoring.Decimal(1.5)), scoring.Phrasef("%s", scoring.Decimal(-0.5))}}
	p := scoring.Phrasef("Different games cannot add their scores: each game gives points by place (%s for 1st, 2nd, …; a tie shares them), as in a league.", places)
	for ctx, want := range map[context.Context]string{en: "(3/1.5/−0.5 for", de: "3/1,5/−0,5"} {
		if got := Say(ctx, p); !strings.Contains(got, want) {
			t.Errorf("%s: %q does not say %q", Code(Lang(ctx)), got, want)
		}
	}
}
