package sessions

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// A doneList is a slice of games' facts as the facts used it before it
// was kept in chunks: random pushes, changes of older games, prefixes
// and clips on versions that branch off one another (an older version
// is pushed to again only after a clip, as the table does) read as
// slices worked the same way read, and no version sees another's
// changes.
func TestDoneListIsASlice(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 8))
	type version struct {
		l    doneList
		want []gameFacts
	}
	fact := func(n int) gameFacts { return gameFacts{number: n, seen: n%2 == 0} }
	vs := []version{{}}
	check := func(step, j int, o version) {
		t.Helper()
		if got := o.l.slice(); o.l.Len() != len(o.want) || !reflect.DeepEqual(got, o.want) && !(len(got) == 0 && len(o.want) == 0) {
			t.Fatalf("step %d, version %d: %d facts, want %d", step, j, o.l.Len(), len(o.want))
		}
	}
	for step := range 3000 {
		i := rnd.IntN(len(vs))
		v := vs[i]
		if i != len(vs)-1 { // a branch: clipped first
			v.l, v.want = v.l.clip(), slices.Clip(v.want)
		}
		switch op := rnd.IntN(10); {
		case op < 6:
			for range 1 + rnd.IntN(40) {
				v.l, v.want = v.l.push(fact(step)), append(v.want, fact(step))
			}
		case op < 8 && len(v.want) > 0:
			k := rnd.IntN(len(v.want))
			v.l = v.l.with(k, fact(-step))
			v.want = slices.Clone(v.want)
			v.want[k] = fact(-step)
		case op < 9:
			k := rnd.IntN(len(v.want) + 1)
			v.l, v.want = v.l.prefix(k), slices.Clip(v.want[:k])
			if v.want == nil && !v.l.isNil() {
				v.want = []gameFacts{}
			}
		default:
			v.l, v.want = v.l.clip(), slices.Clip(v.want)
		}
		vs = append(vs, v)
		if len(vs) > 50 {
			vs = vs[len(vs)-50:]
		}
		check(step, len(vs)-1, vs[len(vs)-1])
		j := rnd.IntN(len(vs))
		check(step, j, vs[j])
	}
	for j, o := range vs {
		check(-1, j, o)
	}
}
