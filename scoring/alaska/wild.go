package alaska

import "tablemate/scoring"

// EagleCatch plays an eagle to take salmon n from the river for the mover,
// who (Gained +1); the eagle goes to the discard pile.
func EagleCatch(r River, n int, who string) (River, Event, error) {
	if !onRiver(n) {
		return r, Event{}, noSection(refuseSalmonNo, n)
	}
	lo, hi := Covers(n)
	if r.SalmonAt(n) == 0 {
		return r, Event{}, moveErrorf("no_salmon", refuseNoSalmon, lo, hi)
	}
	r.Salmon[n-1]--
	e := Event{Kind: EagleCaught, Salmon: n, Gained: 1}
	e.tell(tellEagleTakes, lo, hi, scoring.Name(who))
	return r, e, nil
}

// EagleChase plays an eagle to chase the angler off section s; both go to
// the discard pile.
func EagleChase(r River, s int) (River, Event, error) {
	if !onRiver(s) {
		return r, Event{}, noSection(refuseSectionNo, s)
	}
	a := r.AnglerOn(s)
	if a == NoAngler {
		return r, Event{}, moveErrorf("no_angler", refuseNoAngler, s)
	}
	r.Anglers[s-1] = NoAngler
	e := Event{Kind: EagleChased, Section: s}
	if a == Tourist {
		e.tell(tellEagleChasesTourist, s)
	} else {
		e.tell(tellEagleChasesLocal, s)
	}
	return r, e, nil
}

// BearClear plays a bear on the mover's turn: every tourist and local
// leaves the river, and the bear goes to the discard pile with them.
func BearClear(r River) (River, Event) {
	n := 0
	for i, a := range r.Anglers {
		if a != NoAngler {
			n++
			r.Anglers[i] = NoAngler
		}
	}
	e := Event{Kind: BearCleared}
	switch n {
	case 0:
		e.tell(tellBearFindsNone)
	case 1:
		e.tell(tellBearChasesOne)
	default:
		e.tell(tellBearChasesAll, n)
	}
	return r, e
}

// BearEat plays a bear out of turn right after another player caught a
// salmon (by a cast or an eagle): the bear eats it, so the catcher loses it
// again (Gained −1 for the catcher) and it goes to the discard pile. The
// river does not change; it is returned so every move has the same shape.
func BearEat(r River, catch Event) (River, Event, error) {
	if (catch.Kind != Caught && catch.Kind != EagleCaught) || catch.Gained != 1 {
		return r, Event{}, moveErrorf("nothing_to_eat", refuseNothingToEat)
	}
	e := Event{Kind: BearAte, Salmon: catch.Salmon, Gained: -1}
	lo, hi := Covers(catch.Salmon)
	e.tell(tellBearEats, lo, hi)
	return r, e, nil
}
