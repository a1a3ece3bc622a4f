package alaska

import "fmt"

// EagleCatch plays an eagle to take salmon n from the river for the mover
// (Gained +1); the eagle goes to the discard pile.
func EagleCatch(r River, n int) (River, Event, error) {
	if !onRiver(n) {
		return r, Event{}, noSection("salmon", n)
	}
	if r.SalmonAt(n) == 0 {
		lo, hi := Covers(n)
		return r, Event{}, &MoveError{Code: "no_salmon", Message: fmt.Sprintf("no salmon lies on %d–%d", lo, hi)}
	}
	r.Salmon[n-1]--
	return r, Event{Kind: EagleCaught, Salmon: n, Gained: 1,
		Text: fmt.Sprintf("The eagle takes %s for you; the eagle goes to the discard pile.", salmonName(n))}, nil
}

// EagleChase plays an eagle to chase the angler off section s; both go to
// the discard pile.
func EagleChase(r River, s int) (River, Event, error) {
	if !onRiver(s) {
		return r, Event{}, noSection("section", s)
	}
	a := r.AnglerOn(s)
	if a == NoAngler {
		return r, Event{}, &MoveError{Code: "no_angler", Message: fmt.Sprintf("no angler fishes in section %d", s)}
	}
	r.Anglers[s-1] = NoAngler
	return r, Event{Kind: EagleChased, Section: s,
		Text: fmt.Sprintf("The eagle chases the %s off section %d; both go to the discard pile.", a, s)}, nil
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
	text := "The bear finds no angler on the river; it goes to the discard pile."
	if n > 0 {
		text = fmt.Sprintf("The bear chases all %d anglers off the river; they and the bear go to the discard pile.", n)
		if n == 1 {
			text = "The bear chases the only angler off the river; it and the bear go to the discard pile."
		}
	}
	return r, Event{Kind: BearCleared, Text: text}
}

// BearEat plays a bear out of turn right after another player caught a
// salmon (by a cast or an eagle): the bear eats it, so the catcher loses it
// again (Gained −1 for the catcher) and it goes to the discard pile. The
// river does not change; it is returned so every move has the same shape.
func BearEat(r River, catch Event) (River, Event, error) {
	if (catch.Kind != Caught && catch.Kind != EagleCaught) || catch.Gained != 1 {
		return r, Event{}, &MoveError{Code: "nothing_to_eat", Message: "a bear eats only a salmon a player has just caught"}
	}
	return r, Event{Kind: BearAte, Salmon: catch.Salmon, Gained: -1,
		Text: fmt.Sprintf("The bear snatches %s and eats it: nobody gets it (to the discard pile, with the bear).", salmonName(catch.Salmon))}, nil
}
