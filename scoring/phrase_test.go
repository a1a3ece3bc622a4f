package scoring

import "testing"

func TestPhraseString(t *testing.T) {
	for _, tc := range []struct {
		p    Phrase
		want string
	}{
		{Phrase{}, ""},
		{Phrasef("%s tie on %d", []string{"Ana", "Ben", "Cy"}, 31), "Ana, Ben and Cy tie on 31"},
		{Phrasef("%s tie", []string{"Ana", "Ben"}), "Ana and Ben tie"},
		{Phrasef("%s wins", []string{"Ana"}), "Ana wins"},
		{Phrasef("%s wins", "Ana"), "Ana wins"},
		{Phrasef("%s tie on %s", []string{"Ana", "Ben"}, Points(1)), "Ana and Ben tie on 1 point"},
		{Phrasef("%s tie on %s", []string{"Ana", "Ben"}, Points(5)), "Ana and Ben tie on 5 points"},
		{Phrasef("round %d: %s", 2, Terms{5, Phrasef("hairball %d", 0), "−1"}), "round 2: 5 + hairball 0 + −1"},
		{Count(1, "1 salmon on %d–%d", "%d salmon on %d–%d", 3, 4), "1 salmon on 3–4"},
		{Count(2, "1 salmon on %d–%d", "%d salmon on %d–%d", 3, 4), "2 salmon on 3–4"},
		{Phrasef("Section %d: %s", 7, List{Sep: ", ", Items: []Phrase{Points(1), Phrasef("tourist placed by %s", Name("Ana"))}}), "Section 7: 1 point, tourist placed by Ana"},
		{Verbatim("3 + 4 %d"), "3 + 4 %d"},
		{Count(0, "1 time", "%d times").None("never"), "never"},
		{Count(1, "1 time", "%d times").None("never"), "1 time"},
		{Count(2, "1 time", "%d times").None("never"), "2 times"},
		{Count(0, "1 time", "%d times"), "0 times"},
		{Count(0, "1 salmon on %d–%d", "%d salmon on %d–%d", 3, 4).None("no salmon on %d–%d"), "no salmon on 3–4"},
		{Phrasef("%s", Name("0")).None("never"), "0"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%#v = %q, want %q", tc.p, got, tc.want)
		}
	}
}
