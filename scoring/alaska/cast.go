package alaska

import (
	"slices"

	"tablemate/scoring"
)

// MaxCard is the highest number card value accepted in a hand (ruling
// CAM-1); only casts of 1–10 hit the river.
const MaxCard = 13

// CastSection returns the value of a cast of one or two yellow number
// cards: the card's value or the two cards' sum (ruling ALA-1), the
// section it hits. Every number card can be cast (ruling ALA-3): a value
// or sum that names no section (0, or above 10) lands in open water (see
// Cast). Only a card the game does not have (outside 0–13, CAM-1) or a
// cast of other than one or two cards is refused.
func CastSection(cards ...int) (int, error) {
	if len(cards) < 1 || len(cards) > 2 {
		return 0, moveErrorf("cast_cards", refuseCastCards, len(cards))
	}
	sum := 0
	for _, c := range cards {
		if c < 0 || c > MaxCard {
			return 0, moveErrorf("card_value", refuseCardValue, c, MaxCard)
		}
		sum += c
	}
	return sum, nil
}

// InOpenWater reports that a cast of value v names no river section (ruling
// ALA-3: 0, or above 10).
func InOpenWater(v int) bool { return !onRiver(v) }

// Cast casts a cast of value s by who (named in the event's text);
// casterSalmon is how many salmon the caster has caught so far. In order:
//   - a value that names no section lands in open water (ruling ALA-3): it
//     catches and hooks nothing, and the cards go to the discard pile;
//   - an angler on s is hooked instead of any salmon there, which stays.
//     A tourist goes to the discard pile and the caster loses the rest of
//     their hand and sits out their next turn. A local takes one of the
//     caster's salmon (to the discard pile) and leaves; a caster with no
//     salmon is pitied and the local stays;
//   - else a salmon lying on s is caught (Gained +1). If two lie there, the
//     one named s (on s and s+1) is taken;
//   - else the cast catches nothing.
func Cast(r River, s, casterSalmon int, who string) (River, Event, error) {
	me := scoring.Name(who)
	if InOpenWater(s) {
		e := Event{Kind: OpenWater}
		e.tell(tellOpenWater, s, Sections)
		return r, e, nil
	}
	e := Event{Section: s}
	switch a := r.AnglerOn(s); {
	case a == Tourist:
		r.Anglers[s-1] = NoAngler
		e.Kind, e.LoseHand, e.SkipTurn = HookedTourist, true, true
		e.tell(tellHookTourist, me, s, me)
	case a == Local && casterSalmon > 0:
		r.Anglers[s-1] = NoAngler
		e.Kind, e.Gained = HookedLocal, -1
		e.tell(tellHookLocal, me, s, me)
	case a == Local:
		e.Kind = HookedLocal
		e.tell(tellHookLocalPity, me, s, me)
	default:
		on := r.SalmonOn(s)
		if len(on) == 0 {
			e.Kind = Nothing
			e.tell(tellCatchNothing, me, s)
			return r, e, nil
		}
		n := on[0]
		r.Salmon[n-1]--
		e.Kind, e.Salmon, e.Gained = Caught, n, 1
		lo, hi := Covers(n)
		e.tell(tellCatch, me, lo, hi)
		return r, e, nil
	}
	if on := r.SalmonOn(s); len(on) > 0 {
		lo, hi := Covers(on[0])
		e.tell(tellSalmonStays, lo, hi)
	}
	return r, e, nil
}

// CastOption is one way to cast at a salmon: one or two cards and the
// section they hit.
type CastOption struct {
	Cards   []int `json:"cards"`
	Section int   `json:"section"`
}

// CastsFor lists the casts that catch salmon n: every single card and pair
// of cards whose value or sum is one of its two sections. With hand nil the
// cards are any values 1–10 (a pair of equal values needs two such cards);
// with a hand, only cards from it, each used once. A section with an angler
// is left out, since a cast there hooks the angler instead. Singles come
// first, then pairs, each in ascending order.
func CastsFor(r River, n int, hand []int) ([]CastOption, error) {
	if !onRiver(n) {
		return nil, noSection(refuseSalmonNo, n)
	}
	for _, c := range hand {
		if c < 0 || c > MaxCard {
			return nil, moveErrorf("card_value", refuseCardValue, c, MaxCard)
		}
	}
	cards := hand
	if cards == nil {
		// Any card 1–10, as often as needed.
		for v := 1; v <= Sections; v++ {
			cards = append(cards, v, v)
		}
	}
	lo, hi := Covers(n)
	target := map[int]bool{}
	for _, s := range []int{lo, hi} {
		if r.AnglerOn(s) == NoAngler {
			target[s] = true
		}
	}
	var out []CastOption
	seen := map[[2]int]bool{}
	add := func(c ...int) {
		key := [2]int{c[0], -1}
		if len(c) == 2 {
			key[1] = c[1]
		}
		sum := c[0]
		if len(c) == 2 {
			sum += c[1]
		}
		if !target[sum] || seen[key] {
			return
		}
		seen[key] = true
		out = append(out, CastOption{Cards: c, Section: sum})
	}
	sorted := slices.Sorted(slices.Values(cards))
	for _, c := range sorted {
		add(c)
	}
	for i := range sorted {
		for j := i + 1; j < len(sorted); j++ {
			add(sorted[i], sorted[j])
		}
	}
	return out, nil
}
