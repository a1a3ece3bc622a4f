package alaska

import (
	"strings"
	"testing"
)

func salmonCount(r River) int {
	n := 0
	for _, c := range r.Salmon {
		n += c
	}
	return n
}

// FuzzRiver plays random moves: none may panic, and salmon are never made
// or lost except by the moves that catch them.
func FuzzRiver(f *testing.F) {
	f.Add([]byte{0, 4, 1, 6, 2, 1, 3, 4, 4, 9})
	f.Add([]byte{0, 10, 1, 1, 2, 2, 2, 1, 5, 0, 6, 7})
	f.Fuzz(func(t *testing.T, moves []byte) {
		var r River
		// The first byte picks ruling ALA-2's reading (on_contact when odd).
		var opts Options
		if len(moves) > 0 && moves[0]%2 == 1 {
			opts.AnglerCatch = OnContact
		}
		for i := 0; i+1 < len(moves); i += 2 {
			op, arg := moves[i]%8, int(int8(moves[i+1]))
			before := salmonCount(r)
			var e Event
			var err error
			switch op {
			case 0:
				r, e, err = PlaceSalmon(r, arg, opts)
				if err == nil && salmonCount(r) != before+1 {
					t.Fatal("placing lost a salmon")
				}
			case 1, 2:
				a := Tourist
				if op == 2 {
					a = Local
				}
				r, _, err = PlaceAngler(r, arg, a, opts)
			case 3:
				r, e = Flow(r, arg%4, opts)
				if salmonCount(r)+len(e.Catches) != before {
					t.Fatalf("flow: %d salmon + %d caught != %d", salmonCount(r), len(e.Catches), before)
				}
				if arg%4 > 0 && opts.OnContact() {
					for s := 1; s <= Sections; s++ {
						if r.AnglerOn(s) != NoAngler && len(r.SalmonOn(s)) > 0 {
							t.Fatalf("a salmon got by the angler on %d", s)
						}
					}
				}
			case 4:
				r, e, err = Cast(r, arg, int(moves[i+1]%3), "Ben")
				if err == nil && salmonCount(r) != before-max(e.Gained, 0) {
					t.Fatalf("cast: %+v", e)
				}
			case 5:
				r, _, err = EagleCatch(r, arg, "Ben")
			case 6:
				r, _, err = EagleChase(r, arg)
			case 7:
				r, _ = BearClear(r)
			}
			_ = err
			_, _ = CastsFor(r, arg, []int{int(moves[i] % 14), arg})
			// Ruling ALA-2 (swim past): every salmon beside an angler after
			// a flow is told.
			if op == 3 && arg%4 > 0 && !opts.OnContact() {
				for s := 1; s <= Sections; s++ {
					if r.AnglerOn(s) != NoAngler && len(r.SalmonOn(s)) > 0 && !strings.Contains(e.Text, "beside the") {
						t.Fatalf("section %d is shared, the text does not say so: %q", s, e.Text)
					}
				}
			}
			for _, c := range r.Salmon {
				if c < 0 {
					t.Fatal("negative salmon")
				}
			}
		}
	})
}
