package sessions

import (
	"reflect"
	"testing"

	"tablemate/scoring"
)

// A phrase comes back from a snapshot as it went in: a plain one, a count
// with further arguments, and a count with its form for none (German
// "keinmal", not "0-mal"), which a snapshot once dropped.
func TestSnapshotKeepsPhrases(t *testing.T) {
	for _, p := range []scoring.Phrase{
		scoring.Phrasef("%s won", scoring.Name("Ana")),
		scoring.Count(3, "1 pounce", "%d pounces"),
		scoring.Count(2, "1 salmon on %d–%d", "%d salmon on %d–%d", 3, 4),
		scoring.Count(0, "1 time", "%d times").None("0 times"),
		scoring.Count(0, "1 card play this turn", "%d card plays this turn", "Ana").None("no card played yet this turn"),
	} {
		e := newSnapEncoder()
		if err := e.phrase(p); err != nil {
			t.Fatal(err)
		}
		d := &snapDecoder{b: e.body, end: len(e.body), strs: e.strList}
		got := d.phrase(0)
		if d.err != nil {
			t.Errorf("%v: %v", p, d.err)
		}
		if !reflect.DeepEqual(got, p) {
			t.Errorf("%#v came back as %#v", p, got)
		}
	}
}
